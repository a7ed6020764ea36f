import BookModel
@testable import Importers
import Testing
import TextPrimitives

/// A long page is built in pieces on every core; the pieces must join into
/// exactly what one pass over the page gives.
@Suite struct LongPageTests {
    /// Blocks of every kind the builder treats apart: headings, dialogue,
    /// emphasis, note markers, blocks with no word (joined to a neighbour),
    /// empty blocks (dropped) and a last block that ends the chapter.
    static let blocks: [TextBlock] = (0..<40).flatMap { index -> [TextBlock] in
        [
            TextBlock(.heading(level: 2), text: "Chapter \(index + 1)"),
            TextBlock(.paragraph, text: "“Is it raining?” she asked.[\(index)] Nobody answered; the rain went on, and on."),
            TextBlock(.paragraph, runs: [
                TextRun("It was "), TextRun("never", isEmphasized: true), TextRun(" the same, Mr. Darcy said… "),
            ]),
            TextBlock(.paragraph, text: index.isMultiple(of: 3) ? "* * *" : "—"),
            TextBlock(.paragraph, text: index.isMultiple(of: 5) ? "   \n " : "SHE WAS AWAY. The end came (at last)."),
            TextBlock(.listItem(marker: "\(index)."), text: "A list item, with a clause that goes on for a while."),
            // Quoted verse line by line, the quotation going on across blocks.
            TextBlock(.paragraph, text: "‘Twinkle, twinkle, little bat!"),
            TextBlock(.paragraph, text: index.isMultiple(of: 2) ? "Up above the world you fly," : "How I wonder what you’re at!’"),
        ]
    }

    private func builder(_ granularity: Granularity, notes: Bool, pieceLength: Int) -> UtteranceBuilder {
        var options = ImportOptions()
        options.granularity = granularity
        options.readsNotes = notes
        var builder = UtteranceBuilder(options: options)
        builder.pieceLength = pieceLength
        return builder
    }

    @Test(arguments: [Granularity.sentence, .word, .paragraph], [false, true])
    func piecesJoinIntoWhatOnePassGives(granularity: Granularity, notes: Bool) {
        let whole = builder(granularity, notes: notes, pieceLength: .max).utterances(for: Self.blocks)
        for pieceLength in [1, 50, 700, 5_000] {
            let pieced = builder(granularity, notes: notes, pieceLength: pieceLength).utterances(for: Self.blocks)
            #expect(pieced == whole, "pieces of \(pieceLength) scalars")
        }
        #expect(whole.last?.text.hasSuffix("\n") == false)
    }

    @Test func piecesCoverEveryIndexInOrderAndTheLastSmallOneJoinsItsNeighbour() {
        let sizes = [10, 10, 10, 10, 3]
        let pieces = UtteranceBuilder.pieces(0..<sizes.count, size: 20) { sizes[$0] }
        #expect(pieces == [0..<2, 2..<5])
        #expect(UtteranceBuilder.pieces(0..<3, size: 100) { _ in 1 } == [0..<3])
        #expect(UtteranceBuilder.pieces(0..<0, size: 100) { _ in 1 } == [0..<0])
        let large = UtteranceBuilder.pieces(0..<4, size: 20) { _ in 20 }
        #expect(large == [0..<1, 1..<2, 2..<3, 3..<4])
    }
}
