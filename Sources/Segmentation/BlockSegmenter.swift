import BookModel
import TextPrimitives
/// Cuts one prepared block into the pieces that become utterances, at the
/// chosen granularity, and records for each piece its place in its sentence.
package struct BlockSegmenter {
    /// One future utterance: a range of the block's scalars and where it
    /// stands in its sentence.
    package struct Segment {
        package var range: Range<Int>
        /// The sentence whose tune the piece takes (for a paragraph, its
        /// last), and the offsets of that sentence's question and
        /// exclamation marks.
        package var sentence: Range<Int>
        package var tuneMarks: ArraySlice<Int>
        package var isSentenceStart: Bool
        package var carriesSentenceEnd: Bool
        /// The piece ends where its sentence ends.
        package var endsSentence: Bool
        /// Word mode: 0 for the first word … 1 for the last.
        package var positionInSentence: Double
    }

    package var granularity: Granularity
    package var splitter: SentenceSplitter
    package var clauses: ClauseSplitter

    package init(granularity: Granularity, splitter: SentenceSplitter, clauses: ClauseSplitter) {
        self.granularity = granularity
        self.splitter = splitter
        self.clauses = clauses
    }

    package func segments(of scalars: [Unicode.Scalar]) -> [Segment] {
        var tuneMarks: [Int] = []
        let ends = splitter.sentenceEnds(in: scalars, range: 0..<scalars.count, tuneMarks: &tuneMarks)
        if granularity == .paragraph {
            return paragraphSegment(of: scalars, sentenceEnds: ends, tuneMarks: tuneMarks)
        }
        var segments: [Segment] = []
        segments.reserveCapacity(ends.count)
        var start = 0
        var firstMark = 0
        for end in ends {
            let sentence = start..<end
            var endMark = firstMark
            while endMark < tuneMarks.count, tuneMarks[endMark] < end { endMark += 1 }
            let marks = tuneMarks[firstMark..<endMark]
            firstMark = endMark
            if granularity == .word {
                appendWordSegments(of: sentence, in: scalars, tuneMarks: marks, to: &segments)
            } else {
                appendClauseSegments(of: sentence, in: scalars, tuneMarks: marks, to: &segments)
            }
            start = end
        }
        return segments
    }

    /// The whole block as one segment, with the tune of its last sentence.
    private func paragraphSegment(of scalars: [Unicode.Scalar], sentenceEnds ends: [Int], tuneMarks: [Int])
        -> [Segment]
    {
        guard let end = ends.last else { return [] }
        let last = (ends.count > 1 ? ends[ends.count - 2] : 0)..<end
        let marks = tuneMarks[(tuneMarks.firstIndex { $0 >= last.lowerBound } ?? tuneMarks.count)...]
        return [Segment(range: 0..<scalars.count, sentence: last, tuneMarks: marks, isSentenceStart: true,
                        carriesSentenceEnd: true, endsSentence: true, positionInSentence: 0)]
    }

    private func appendClauseSegments(
        of sentence: Range<Int>, in scalars: [Unicode.Scalar], tuneMarks: ArraySlice<Int>,
        to segments: inout [Segment]
    ) {
        var start = sentence.lowerBound
        clauses.forEachPieceEnd(in: scalars, range: sentence) { end in
            let carries = tuneMarks.last.map { (start..<end).contains($0) } ?? (end == sentence.upperBound)
            segments.append(Segment(
                range: start..<end, sentence: sentence, tuneMarks: tuneMarks, isSentenceStart: start == sentence.lowerBound,
                carriesSentenceEnd: carries, endsSentence: end == sentence.upperBound, positionInSentence: 0))
            start = end
        }
    }

    private func appendWordSegments(
        of sentence: Range<Int>, in scalars: [Unicode.Scalar], tuneMarks: ArraySlice<Int>,
        to segments: inout [Segment]
    ) {
        let ends = WordSplitter().wordEnds(in: scalars, range: sentence)
        let span = Double(max(ends.count - 1, 1))
        var start = sentence.lowerBound
        for (index, end) in ends.enumerated() {
            let carries = tuneMarks.last.map { (start..<end).contains($0) } ?? (end == sentence.upperBound)
            segments.append(Segment(
                range: start..<end, sentence: sentence, tuneMarks: tuneMarks, isSentenceStart: index == 0,
                carriesSentenceEnd: carries, endsSentence: end == sentence.upperBound,
                positionInSentence: Double(index) / span))
            start = end
        }
    }
}
