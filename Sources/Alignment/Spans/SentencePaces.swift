import Glibc

/// How fast a recording reads the sentences found in it against the
/// reference: from each one's length in the recording and in the
/// reference, in samples, in the book's order.
public struct SentencePaces: Sendable {
    /// A sentence found: where it is heard in the recording and where it is said in the reference.
    public struct Sentence: Sendable {
        public var heard: Range<Int>
        public var said: Range<Int>

        public init(heard: Range<Int>, said: Range<Int>) {
            self.heard = heard
            self.said = said
        }
    }

    /// Sentences with length on both sides, in order.
    public let sentences: [Sentence]

    public init(_ sentences: [Sentence]) {
        self.sentences = sentences.filter { !$0.heard.isEmpty && !$0.said.isEmpty }
    }

    /// The sentences' lengths summed on either side, recording over
    /// reference (above 1 for a slower reading); nil for fewer than two.
    public var summed: Double? {
        guard sentences.count >= 2 else { return nil }
        let heard = sentences.reduce(0) { $0 + $1.heard.count }, said = sentences.reduce(0) { $0 + $1.said.count }
        return Double(heard) / Double(said)
    }

    /// The stretch from the first sentence to the last, recording over
    /// reference; nil for fewer than two. Unlike ``summed``, not misled by
    /// a sentence not found whose time a neighbour has taken, though a
    /// sentence the recording lacks counts as read fast.
    public var extent: Double? {
        guard sentences.count >= 2, let first = sentences.first, let last = sentences.last else { return nil }
        let heard = last.heard.upperBound - first.heard.lowerBound, said = last.said.upperBound - first.said.lowerBound
        return heard > 0 && said > 0 ? Double(heard) / Double(said) : nil
    }

    /// How far the sentences differ in pace: the standard deviation of the
    /// logarithm of each one's pace, weighted by its length in the
    /// reference; nil for fewer than two. A reading keeps a steady pace,
    /// so a sentence placed over a neighbour's time, or squeezed out of
    /// its own, stands out. Measured on the suite's readings (2026-12-04):
    /// 0.05 for a reading with two sentences cut, aligned right, 0.16 for
    /// the same aligned against a reference at the wrong pace; 0.22 for a
    /// reading at 1.5× with three sentences merged into neighbours, 0.09
    /// once the reference is spoken at its pace.
    public var spread: Double? {
        guard sentences.count >= 2 else { return nil }
        let weights = sentences.map { Double($0.said.count) }
        let logs = sentences.map { log(Double($0.heard.count) / Double($0.said.count)) }
        let total = weights.reduce(0, +)
        let mean = zip(logs, weights).reduce(0.0) { $0 + $1.0 * $1.1 } / total
        let variance = zip(logs, weights).reduce(0.0) { $0 + ($1.0 - mean) * ($1.0 - mean) * $1.1 } / total
        return variance.squareRoot()
    }
}
