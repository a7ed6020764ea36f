import Audiobooks
import Testing

struct RenderPlanTests {
    @Test func chunksCoverEveryPageOnceInOrderAndPiecesAreConsecutive() {
        let pages = (0..<20).map { (index: $0 + 3, characters: 100 + ($0 % 5) * 50) }
        let plan = RenderPlan(pages: pages, workers: 2, pieces: 2)
        #expect(plan.pieceCount == 2)
        #expect(plan.chunks.flatMap { Array($0.pages) } == Array(3..<23))
        #expect(plan.chunks.map(\.piece) == plan.chunks.map(\.piece).sorted())
        #expect(plan.chunks.count >= 4)
    }

    @Test func oneBigPageIsOneChunkAndOnePiece() {
        let plan = RenderPlan(pages: [(index: 0, characters: 90_000)], workers: 4, pieces: 4)
        #expect(plan.chunks.count == 1 && plan.pieceCount == 1)
    }

    @Test func eachPageIsItsOwnPieceForFilesPerChapter() {
        let plan = RenderPlan(eachPageOf: [2, 3, 5])
        #expect(plan.pieceCount == 3 && plan.chunks(ofPiece: 2) == [2] && plan.chunks[2].pages == 5...5)
    }
}
