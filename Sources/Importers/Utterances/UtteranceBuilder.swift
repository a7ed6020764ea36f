import BookModel
import ProsodyHeuristics
import Segmentation
import TextPrimitives

/// Turns the blocks of one page into utterances at the chosen granularity,
/// with heuristic prosody. Shared by every prose importer.
///
/// The page's text is its blocks' normalised texts joined by line breaks
/// (see ``pageText(for:)``); the utterances partition it exactly, so their
/// strings concatenate back to it. Each utterance keeps the whitespace that
/// follows it, like the tutorial's `"Whisky, "`; a block's last utterance
/// carries the line break that separates it from the next block.
public struct UtteranceBuilder: Sendable {
    public var options: ImportOptions
    /// BCP 47 tag of the text, choosing abbreviation lists and question
    /// words; nil means English.
    public var language: String?
    /// Longest sentence utterance, in Unicode scalars, before it is cut at a
    /// clause boundary.
    public var maximumSentenceLength = 300
    /// Scalars of text in one piece of a long page, built on its own core
    /// (see ``utterances(for:)``); the result does not depend on it.
    public var pieceLength = 24_000

    public init(options: ImportOptions, language: String? = nil) {
        self.options = options
        self.language = language
    }

    /// The utterances of one page made of `blocks`. Concatenated, their
    /// strings give ``pageText(for:)``. Blocks with no text are skipped;
    /// note markers are left out unless notes are read
    /// (``SilentNoteMarkers``), and an utterance without a word is joined
    /// to a neighbour (``WordlessUtterances``).
    public func utterances(for blocks: [TextBlock]) -> [Utterance] {
        let prepared = self.prepared(blocks)
        let last = prepared.count - 1
        // A long page (a chapter-less text, a one-file book) is built in
        // pieces on every core; each block's utterances depend on that block
        // alone, so the pieces joined in order are what one pass would give.
        let pieces = Self.pieces(prepared.indices, size: pieceLength) { prepared[$0].scalars.count }
        var built: [Utterance]
        if pieces.count == 1 {
            built = utterances(of: prepared, in: prepared.indices, last: last, quotation: QuotationDepth())
        } else {
            let starts = QuotationCarry.starts(of: pieces, in: prepared, last: last)
            built = Array(zip(pieces, starts)).sharedMap { utterances(of: prepared, in: $0, last: last, quotation: $1) }
                .flatMap { $0 }
        }
        WordlessUtterances.merge(&built)
        return built
    }

    /// The utterances of `prepared[range]`, the block at `last` ending the
    /// page; `quotation`: what the range's first block starts in.
    private func utterances(
        of prepared: [PreparedBlock], in range: Range<Int>, last: Int, quotation: QuotationDepth
    ) -> [Utterance] {
        var quotation = quotation
        let splitter = SentenceSplitter(language: language)
        let segmenter = BlockSegmenter(
            granularity: options.granularity, splitter: splitter,
            clauses: ClauseSplitter(maximumLength: maximumSentenceLength))
        let classifier = SentenceClassifier(abbreviations: splitter.abbreviations)
        var utterances: [Utterance] = []
        utterances.reserveCapacity(estimatedCount(of: prepared[range]))
        for index in range {
            let isLast = index == last
            let count = utterances.count
            let end = append(
                prepared[index], segmenter: segmenter, classifier: classifier, endPause: isLast ? .chapter : .paragraph,
                quotation: quotation, to: &utterances)
            quotation = QuotationCarry.afterBlock(end, at: index, in: prepared, last: last)
            if !isLast, utterances.count > count { utterances[utterances.count - 1].text += "\n" }
        }
        return utterances
    }

    /// `indices` cut into consecutive pieces of at least `size` (by `count`),
    /// the last one taking what is left; one piece when all of them are
    /// smaller than two pieces' worth.
    static func pieces(_ indices: Range<Int>, size: Int, count: (Int) -> Int) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = indices.lowerBound, filled = 0
        for index in indices {
            filled += count(index)
            if filled >= size {
                pieces.append(start..<(index + 1))
                (start, filled) = (index + 1, 0)
            }
        }
        if start < indices.upperBound {
            if filled < size / 2, let previous = pieces.last {
                pieces[pieces.count - 1] = previous.lowerBound..<indices.upperBound
            } else {
                pieces.append(start..<indices.upperBound)
            }
        }
        return pieces.isEmpty ? [indices] : pieces
    }

    /// The blocks made ready for segmenting, without note markers unless
    /// notes are read; those left with no text are dropped. A long page's
    /// blocks are made ready on every core, in pieces.
    private func prepared(_ blocks: [TextBlock]) -> [PreparedBlock] {
        let pieces = Self.pieces(blocks.indices, size: pieceLength) { index in
            blocks[index].runs.reduce(0) { $0 + $1.text.utf8.count }
        }
        guard pieces.count > 1 else { return prepared(blocks[...]) }
        return pieces.sharedMap { prepared(blocks[$0]) }.flatMap { $0 }
    }

    private func prepared(_ blocks: ArraySlice<TextBlock>) -> [PreparedBlock] {
        let spoken = options.readsNotes ? Array(blocks) : blocks.map(SilentNoteMarkers.removed)
        return spoken.map(PreparedBlock.init).filter { !$0.scalars.isEmpty }
    }

    /// About how many utterances `blocks` give (rather more than fewer), so
    /// the array is not copied over and over as it grows.
    private func estimatedCount(of blocks: ArraySlice<PreparedBlock>) -> Int {
        let scalars = blocks.reduce(0) { $0 + $1.scalars.count }
        return switch options.granularity {
        case .word: blocks.count + scalars / 4
        case .sentence: blocks.count + scalars / 60
        case .paragraph: blocks.count
        }
    }

    /// The text a page of `blocks` shows: each block's runs joined with
    /// whitespace normalised (and note markers left out unless notes are
    /// read), blocks separated by a line break.
    public func pageText(for blocks: [TextBlock]) -> String {
        prepared(blocks)
            .map { String(scalars: $0.scalars[...]) }
            .joined(separator: "\n")
    }

    /// Appends the utterances of one block, which starts in `quotation`;
    /// each sentence's type is found once, for its first piece. Returns the
    /// quotations open at the block's end.
    private func append(
        _ block: PreparedBlock, segmenter: BlockSegmenter, classifier: SentenceClassifier,
        endPause: UtteranceFeatures.Pause, quotation: QuotationDepth, to utterances: inout [Utterance]
    ) -> QuotationDepth {
        let styles = TextStyles(block.scalars, emphasizedRanges: block.emphasizedRanges, quotation: quotation)
        let pronounced = block.pronunciationRanges
        var sentence: (range: Range<Int>, type: UtteranceFeatures.SentenceType)?
        var segments = segmenter.segments(of: block.scalars)
        if block.hasLanguageChanges { segments = segments.flatMap { LanguageCuts.pieces(of: $0, in: block) } }
        for segment in segments {
            if sentence?.range != segment.sentence {
                let type = classifier.classify(block.scalars, sentence: segment.sentence, tuneMarks: segment.tuneMarks)
                sentence = (segment.sentence, type)
            }
            let type = sentence?.type ?? .statement
            utterances.append(utterance(for: segment, type: type, of: block, styles: styles, endPause: endPause))
            if !pronounced.isEmpty {
                utterances[utterances.count - 1].pronunciations = InlinePronunciations.slice(
                    pronounced, to: segment.range, of: block.scalars)
            }
        }
        return styles.endQuotation
    }

    private func utterance(
        for segment: BlockSegmenter.Segment, type: UtteranceFeatures.SentenceType, of block: PreparedBlock,
        styles: TextStyles, endPause: UtteranceFeatures.Pause
    ) -> Utterance {
        let scalars = block.scalars
        var features = UtteranceFeatures()
        features.blockKind = block.block.kind
        features.granularity = options.granularity
        features.sentenceType = type
        features.isSentenceStart = segment.isSentenceStart
        features.carriesSentenceEnd = segment.carriesSentenceEnd
        features.positionInSentence = segment.positionInSentence
        features.pause = PauseClassifier.pause(
            after: segment.range, in: scalars, endsSentence: segment.endsSentence, blockEnd: endPause)
        let styled = styles.mostly(in: segment.range)
        features.isDialogue = styled.isDialogue
        features.isParenthetical = styled.isParenthetical
        features.isEmphasized = styled.isEmphasized
        // A list item's marker belongs to no run: the item's first run speaks for it.
        let runs = block.block.runs
        let run = block.runIndex(at: segment.range.lowerBound) ?? runs.indices.first
        return Utterance(
            String(scalars: scalars[segment.range]), language: run.flatMap { runs[$0].language },
            prosody: ProsodyRules.prosody(for: features, profile: options.prosody, pauses: options.pauses),
            source: run.flatMap { runs[$0].source }, isNote: block.block.isNote)
    }
}
