/// Cuts one prepared block into the pieces that become utterances, at the
/// chosen granularity, and records for each piece its place in its sentence.
struct BlockSegmenter {
    /// One future utterance: a range of the block's scalars and where it
    /// stands in its sentence.
    struct Segment {
        var range: Range<Int>
        var sentenceType: UtteranceFeatures.SentenceType
        var isSentenceStart: Bool
        var carriesSentenceEnd: Bool
        /// The piece ends where its sentence ends.
        var endsSentence: Bool
        /// Word mode: 0 for the first word … 1 for the last.
        var positionInSentence: Double
    }

    var granularity: Granularity
    var splitter: SentenceSplitter
    var clauses: ClauseSplitter

    func segments(of scalars: [Unicode.Scalar]) -> [Segment] {
        var start = 0
        let sentences = splitter.sentenceEnds(in: scalars, range: 0..<scalars.count).map { end in
            defer { start = end }
            return start..<end
        }
        let classifier = SentenceClassifier(abbreviations: splitter.abbreviations)
        switch granularity {
        case .paragraph:
            guard let last = sentences.last else { return [] }
            let tune = classifier.classify(scalars, sentence: last)
            return [Segment(range: 0..<scalars.count, sentenceType: tune.type, isSentenceStart: true,
                            carriesSentenceEnd: true, endsSentence: true, positionInSentence: 0)]
        case .sentence:
            return sentences.flatMap { clauseSegments(of: $0, in: scalars, classifier: classifier) }
        case .word:
            return sentences.flatMap { wordSegments(of: $0, in: scalars, classifier: classifier) }
        }
    }

    private func clauseSegments(
        of sentence: Range<Int>, in scalars: [Unicode.Scalar], classifier: SentenceClassifier
    ) -> [Segment] {
        let tune = classifier.classify(scalars, sentence: sentence)
        let ends = clauses.pieceEnds(in: scalars, range: sentence)
        var start = sentence.lowerBound
        return ends.map { end in
            defer { start = end }
            let carries = tune.decidingMark.map { (start..<end).contains($0) } ?? (end == sentence.upperBound)
            return Segment(range: start..<end, sentenceType: tune.type, isSentenceStart: start == sentence.lowerBound,
                           carriesSentenceEnd: carries, endsSentence: end == sentence.upperBound,
                           positionInSentence: 0)
        }
    }

    private func wordSegments(
        of sentence: Range<Int>, in scalars: [Unicode.Scalar], classifier: SentenceClassifier
    ) -> [Segment] {
        let tune = classifier.classify(scalars, sentence: sentence)
        let ends = WordSplitter().wordEnds(in: scalars, range: sentence)
        let span = Double(max(ends.count - 1, 1))
        var start = sentence.lowerBound
        return ends.enumerated().map { index, end in
            defer { start = end }
            let carries = tune.decidingMark.map { (start..<end).contains($0) } ?? (end == sentence.upperBound)
            return Segment(range: start..<end, sentenceType: tune.type, isSentenceStart: index == 0,
                           carriesSentenceEnd: carries, endsSentence: end == sentence.upperBound,
                           positionInSentence: Double(index) / span)
        }
    }
}
