import BookModel

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

    public init(options: ImportOptions, language: String? = nil) {
        self.options = options
        self.language = language
    }

    /// The utterances of one page made of `blocks`. Concatenated, their
    /// strings give ``pageText(for:)``. Blocks with no text are skipped.
    public func utterances(for blocks: [TextBlock]) -> [Utterance] {
        let prepared = blocks.map(PreparedBlock.init).filter { !$0.scalars.isEmpty }
        var utterances: [Utterance] = []
        for (index, block) in prepared.enumerated() {
            let isLast = index == prepared.count - 1
            var pieces = self.utterances(for: block, endPause: isLast ? .chapter : .paragraph)
            if !isLast, !pieces.isEmpty { pieces[pieces.count - 1].text += "\n" }
            utterances += pieces
        }
        return utterances
    }

    /// The text a page of `blocks` shows: each block's runs joined with
    /// whitespace normalised, blocks separated by a line break.
    public func pageText(for blocks: [TextBlock]) -> String {
        blocks.map(PreparedBlock.init).filter { !$0.scalars.isEmpty }
            .map { String(String.UnicodeScalarView($0.scalars)) }
            .joined(separator: "\n")
    }

    private func utterances(for block: PreparedBlock, endPause: UtteranceFeatures.Pause) -> [Utterance] {
        let scalars = block.scalars
        let styles = TextStyles(scalars, emphasized: block.emphasized)
        let segmenter = BlockSegmenter(
            granularity: options.granularity, splitter: SentenceSplitter(language: language),
            clauses: ClauseSplitter(maximumLength: maximumSentenceLength))
        let text = ScalarText(scalars)
        return segmenter.segments(of: scalars).map { segment in
            var features = UtteranceFeatures()
            features.blockKind = block.block.kind
            features.granularity = options.granularity
            features.sentenceType = segment.sentenceType
            features.isSentenceStart = segment.isSentenceStart
            features.carriesSentenceEnd = segment.carriesSentenceEnd
            features.positionInSentence = segment.positionInSentence
            features.pause = PauseClassifier.pause(
                after: segment.range, in: scalars, endsSentence: segment.endsSentence, blockEnd: endPause)
            features.isDialogue = styles.mostly(.dialogue, in: segment.range, of: scalars)
            features.isParenthetical = styles.mostly(.parenthetical, in: segment.range, of: scalars)
            features.isEmphasized = styles.mostly(.emphasized, in: segment.range, of: scalars)
            let run = block.run(at: segment.range.lowerBound)
            return Utterance(
                text[segment.range], language: run?.language,
                prosody: ProsodyRules.prosody(for: features, profile: options.prosody), source: run?.source)
        }
    }
}

/// Scalars kept with their UTF-8 encoding, so that a range of scalars
/// becomes a String with one copy (appending scalar by scalar is slow).
struct ScalarText {
    private var utf8: [UInt8] = []
    /// `offsets[i]` is where scalar `i` starts in ``utf8``; one extra at the end.
    private var offsets: [Int] = []

    init(_ scalars: [Unicode.Scalar]) {
        utf8.reserveCapacity(scalars.count)
        offsets.reserveCapacity(scalars.count + 1)
        for scalar in scalars {
            offsets.append(utf8.count)
            if let encoded = UTF8.encode(scalar) { utf8.append(contentsOf: encoded) }
        }
        offsets.append(utf8.count)
    }

    subscript(range: Range<Int>) -> String {
        String(decoding: utf8[offsets[range.lowerBound]..<offsets[range.upperBound]], as: UTF8.self)
    }
}
