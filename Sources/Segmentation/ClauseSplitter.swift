import BookModel
import TextPrimitives
/// Cuts a sentence too long to speak in one breath at its best clause
/// boundaries, so that no piece is longer than ``maximumLength`` scalars
/// (unless it holds no place to cut at all).
///
/// The best boundary is the strongest punctuation (`;` over `:` over a dash
/// over `,`) nearest the middle; with no punctuation, the space nearest the
/// middle; with no space (CJK), the ideographic comma or, failing that, the
/// middle itself.
package struct ClauseSplitter: Sendable {
    /// Longest piece, in Unicode scalars.
    package var maximumLength = 300

    package init(maximumLength: Int = 300) {
        self.maximumLength = maximumLength
    }

    /// Calls `body` with each of ``pieceEnds(in:range:)``, in order, with no
    /// array made (a sentence short enough to be one piece is most of them).
    package func forEachPieceEnd(in scalars: [Unicode.Scalar], range: Range<Int>, _ body: (Int) -> Void) {
        guard range.count > maximumLength, let cut = bestCut(in: scalars, range: range) else {
            if !range.isEmpty { body(range.upperBound) }
            return
        }
        forEachPieceEnd(in: scalars, range: range.lowerBound..<cut, body)
        forEachPieceEnd(in: scalars, range: cut..<range.upperBound, body)
    }

    /// Offsets just past each piece of `range`; the last is its upper bound.
    package func pieceEnds(in scalars: [Unicode.Scalar], range: Range<Int>) -> [Int] {
        var ends: [Int] = []
        forEachPieceEnd(in: scalars, range: range) { ends.append($0) }
        return ends
    }

    private func bestCut(in scalars: [Unicode.Scalar], range: Range<Int>) -> Int? {
        let margin = min(40, range.count / 4)
        let window = (range.lowerBound + margin)..<(range.upperBound - margin)
        let middle = Double(range.lowerBound + range.upperBound) / 2
        var best: (offset: Int, score: Double)?
        for offset in window where offset > range.lowerBound {
            // A cut follows white space or ideographic punctuation: most
            // offsets are ruled out without a call.
            let previous = scalars[offset - 1]
            guard ScalarClass.isWhitespace(previous) || Self.isIdeographicClausePunctuation(previous) else { continue }
            let strength = Self.cutStrength(scalars, before: offset)
            guard strength > 0 else { continue }
            let distance = abs(Double(offset) - middle) / Double(range.count)
            let score = strength - distance * 4
            if best.map({ score > $0.score }) ?? true { best = (offset, score) }
        }
        return best?.offset ?? Self.safeMiddle(scalars, range: range)
    }

    /// How good a cut just before `offset` is: 0 where a cut is not allowed.
    private static func cutStrength(_ scalars: [Unicode.Scalar], before offset: Int) -> Double {
        let previous = scalars[offset - 1]
        let next = scalars[offset]
        if ScalarClass.isWhitespace(next) { return 0 }
        if isIdeographicClausePunctuation(previous) { return 1.5 }
        guard ScalarClass.isWhitespace(previous) else { return 0 }
        var index = offset - 1
        while index > 0, ScalarClass.isWhitespace(scalars[index]) { index -= 1 }
        var mark = scalars[index]
        while index > 0, ScalarClass.isCloser(mark) {
            index -= 1
            mark = scalars[index]
        }
        switch mark {
        case ";": return 4
        case ":": return 3
        case "—", "–", "-": return 2.5
        case ",": return 2
        default: return 0.5
        }
    }

    /// `、，；：`, which need no space after them.
    private static func isIdeographicClausePunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3001, 0xFF0C, 0xFF1B, 0xFF1A: true
        default: false
        }
    }

    /// The middle of a piece with no better cut, moved off combining marks.
    private static func safeMiddle(_ scalars: [Unicode.Scalar], range: Range<Int>) -> Int? {
        var offset = (range.lowerBound + range.upperBound) / 2
        while offset < range.upperBound, ScalarClass.isExtending(scalars[offset]) { offset += 1 }
        return offset > range.lowerBound && offset < range.upperBound ? offset : nil
    }
}
