import Audiobooks
import Foundation

/// What a render keeps of each finished piece in a resumable work folder,
/// beside the encoded piece and its chunks' marks: where each chunk's
/// samples went in the piece. A piece without its record is rendered again.
struct PieceRecord: Codable, Equatable {
    struct ChunkRecord: Codable, Equatable {
        var chunk: Int
        /// Samples of the piece before this chunk.
        var base: Int
        var samples: Int
    }

    var piece: Int
    var chunks: [ChunkRecord]
    /// Samples the encoded piece takes in the joined audio.
    var length: Int

    static func path(_ piece: Int, in folder: String) -> String { "\(folder)/piece-\(piece).done" }

    func save(in folder: String) throws(Failure) {
        try WorkFile.write(self, to: Self.path(piece, in: folder), what: "the record of a finished piece")
    }

    /// The record of every finished piece in `folder` whose files are all there.
    static func finished(in folder: String, order: RenderOrder, piecePath: (Int) -> String) -> [Int: PieceRecord] {
        var records: [Int: PieceRecord] = [:]
        let decoder = JSONDecoder()
        for piece in 0..<order.plan.pieceCount {
            guard let data = FileManager.default.contents(atPath: path(piece, in: folder)),
                let record = try? decoder.decode(PieceRecord.self, from: data), record.piece == piece,
                record.chunks.map(\.chunk) == order.plan.chunks(ofPiece: piece),
                FileManager.default.fileExists(atPath: piecePath(piece)),
                record.chunks.allSatisfy({ FileManager.default.fileExists(atPath: RenderSpool(chunk: $0.chunk, in: folder).marks) })
            else { continue }
            records[piece] = record
        }
        return records
    }
}
