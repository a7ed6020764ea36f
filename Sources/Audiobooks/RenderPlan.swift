/// How a book is cut for rendering on every core: into chunks of whole
/// pages, each rendered by a worker process, grouped into pieces, each
/// encoded by one encoder process from its chunks in order.
public struct RenderPlan: Hashable, Sendable, Codable {
    /// A run of consecutive pages rendered by one worker.
    public struct Chunk: Hashable, Sendable, Codable {
        /// The first and last page, 0-based in the whole book.
        public var pages: ClosedRange<Int>
        /// The piece (encoder) whose audio it is part of.
        public var piece: Int
    }

    /// The chunks in reading order.
    public private(set) var chunks: [Chunk] = []
    /// How many pieces there are; a piece's chunks are consecutive.
    public private(set) var pieceCount = 0

    /// Text per chunk at most, in characters: about ten minutes of speech,
    /// 26 MB of samples waiting on disk. A worker opens the book afresh for
    /// each chunk and reads past the pages before it (0.1 s for a novel).
    public static let largestChunk = 8_000

    /// Text per piece of a single file at most, in characters (about 37
    /// minutes of speech): the most an interrupted render loses, since a
    /// resumed one keeps the pieces already encoded.
    public static let largestPiece = 40_000

    /// Cuts pages into chunks of about `1 / (chunksPerWorker × workers)` of
    /// the text each, at most ``largestChunk`` characters (and never less
    /// than one page), grouped into `pieces` pieces of about equal text.
    /// - Parameters:
    ///   - pages: the index and character count of each selected page, in order.
    ///   - pieces: 1 for one encoder, the number of cores to encode in
    ///     parallel; never more than there are pages.
    public init(pages: [(index: Int, characters: Int)], workers: Int, pieces: Int, chunksPerWorker: Int = 4) {
        guard !pages.isEmpty else { return }
        let total = max(pages.reduce(0) { $0 + $1.characters }, 1)
        let pieceCount = min(max(pieces, 1), pages.count)
        let target = min(max(total / max(workers * chunksPerWorker, 1), 1), Self.largestChunk)
        var done = 0, chunkStart = 0, chunkCharacters = 0, piece = 0
        for (offset, page) in pages.enumerated() {
            chunkCharacters += page.characters
            done += page.characters
            let isLast = offset == pages.count - 1
            let nextPiece = min(pieceCount - 1, done * pieceCount / total)
            let pieceEnds = !isLast && nextPiece != piece && pages.count - offset - 1 >= pieceCount - nextPiece
            if isLast || pieceEnds || chunkCharacters >= target {
                chunks.append(Chunk(pages: pages[chunkStart].index...page.index, piece: piece))
                chunkStart = offset + 1
                chunkCharacters = 0
                if pieceEnds { piece = nextPiece }
            }
        }
        self.pieceCount = piece + 1
    }

    /// One piece per group of pages (a read-along book's audio file per
    /// content document), each cut into chunks of at most ``largestChunk``
    /// characters and of about `1 / (chunksPerWorker × workers)` of the text.
    /// Groups without pages are left out.
    public init(groups: [[(index: Int, characters: Int)]], workers: Int, chunksPerWorker: Int = 4) {
        let total = max(groups.joined().reduce(0) { $0 + $1.characters }, 1)
        let target = min(max(total / max(workers * chunksPerWorker, 1), 1), Self.largestChunk)
        for group in groups where !group.isEmpty {
            var chunkStart = 0, characters = 0
            for (offset, page) in group.enumerated() {
                characters += page.characters
                if offset == group.count - 1 || characters >= target {
                    chunks.append(Chunk(pages: group[chunkStart].index...page.index, piece: pieceCount))
                    chunkStart = offset + 1
                    characters = 0
                }
            }
            pieceCount += 1
        }
    }

    /// One chunk and one piece per page: for one file per chapter.
    public init(eachPageOf pages: [Int]) {
        chunks = pages.enumerated().map { Chunk(pages: $0.element...$0.element, piece: $0.offset) }
        pieceCount = pages.count
    }

    /// The chunks of one piece, in order.
    public func chunks(ofPiece piece: Int) -> [Int] {
        chunks.indices.filter { chunks[$0].piece == piece }
    }
}
