import BookModel
import Segmentation
import TextPrimitives

/// A sentence that switches language part way (`"You! hypocrite lecteur!
/// - mon semblable, - mon frère !"` with the French in its own `xml:lang`)
/// is cut where its runs change language, so each part is spoken with a
/// voice for its language.
enum LanguageCuts {
    /// `segment` cut at the starts of runs whose language differs from the
    /// run before; the pieces keep the segment's sentence.
    static func pieces(of segment: BlockSegmenter.Segment, in block: PreparedBlock) -> [BlockSegmenter.Segment] {
        var cuts: [Int] = []
        var start = segment.range.lowerBound
        for cut in block.languageChanges where cut > segment.range.lowerBound && cut < segment.range.upperBound {
            // Only between words: punctuation left over (`!"`) stays with the part before.
            guard hasWord(block.scalars[start..<cut]), hasWord(block.scalars[cut..<segment.range.upperBound]) else { continue }
            cuts.append(cut)
            start = cut
        }
        guard !cuts.isEmpty else { return [segment] }
        let bounds = [segment.range.lowerBound] + cuts + [segment.range.upperBound]
        return zip(bounds, bounds.dropFirst()).enumerated().map { index, bound in
            var piece = segment
            piece.range = bound.0..<bound.1
            piece.isSentenceStart = segment.isSentenceStart && index == 0
            piece.endsSentence = segment.endsSentence && bound.1 == segment.range.upperBound
            piece.carriesSentenceEnd = segment.carriesSentenceEnd && bound.1 == segment.range.upperBound
            return piece
        }
    }
}

/// A letter or digit among `scalars`.
private func hasWord(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
    scalars.contains(where: ScalarClass.isLetterOrDigit)
}

extension PreparedBlock {
    /// Some runs have another language than the run before them.
    var hasLanguageChanges: Bool {
        // By index: pairs of runs would copy both (every string retained and released).
        let runs = block.runs
        return runs.indices.dropFirst().contains { runs[$0].language != runs[$0 - 1].language }
    }

    /// Offsets where the words change language: the first letter or digit
    /// of a run whose language differs from that of the last run with a
    /// word. Runs of punctuation and space between (`; ` in `θέλεις; <la>
    /// respondebat`) stay with the words before them.
    var languageChanges: [Int] {
        var changes: [Int] = []
        var current: String??
        for (index, start) in runStarts.enumerated() where start.run >= 0 && start.run < block.runs.count {
            // Trailing white space is trimmed: the last runs can start past the end.
            let end = min(index + 1 < runStarts.count ? runStarts[index + 1].offset : scalars.count, scalars.count)
            guard start.offset < end, let first = (start.offset..<end).first(where: { ScalarClass.isLetterOrDigit(scalars[$0]) }) else {
                continue
            }
            let language = block.runs[start.run].language
            if let current, current != language { changes.append(first) }
            current = .some(language)
        }
        return changes
    }
}
