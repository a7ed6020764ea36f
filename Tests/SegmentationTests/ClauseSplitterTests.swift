import Segmentation
import Testing

/// Clause cuts, visited without an array, are the cuts the splitter lists:
/// for ranges shorter and longer than a piece, empty ones included.
struct ClauseSplitterTests {
    @Test func visitedEndsAreTheListedEnds() {
        let words = ["Call", "me", "Ishmael;", "some", "years", "ago,", "never", "mind", "how", "long", "—", "precisely"]
        var random = SystemRandomNumberGenerator()
        let splitter = ClauseSplitter(maximumLength: 60)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...60, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }
            let scalars = Array(text.joined(separator: " ").unicodeScalars)
            let lower = Int.random(in: 0...scalars.count, using: &random)
            let range = lower..<Int.random(in: lower...scalars.count, using: &random)
            var visited: [Int] = []
            splitter.forEachPieceEnd(in: scalars, range: range) { visited.append($0) }
            let listed = splitter.pieceEnds(in: scalars, range: range)
            #expect(visited == listed, "\(range) of \(scalars.count)")
            #expect(listed.last == (range.isEmpty ? nil : range.upperBound))
            #expect(listed.count == 1 || range.count > 60 || range.isEmpty)
        }
    }
}
