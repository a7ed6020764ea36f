import Audiobooks
import Foundation
import Testing

@testable import Rendering

/// What decides whether a render resumes: the work folder's name (the
/// job), its owner, the order left in it, and which pieces are whole.
struct ResumeTests {
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("resume-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theKeyIsTheJobsAndChangesWithAnyOption() {
        let job = RenderJobTests.everyField
        var single = job
        single.output = .audiobook(AudiobookOutput(path: "book.m4b", format: .m4b))
        #expect(RenderPreflight.resumeKey(single) == RenderPreflight.resumeKey(single))
        #expect(RenderPreflight.resumeKey(single)?.count == 16)
        var changed = single
        changed.book.quiet.toggle()
        #expect(RenderPreflight.resumeKey(changed) == RenderPreflight.resumeKey(single), "--quiet changes no output")
        changed.narration.mapping.rateScale = 1.25
        #expect(RenderPreflight.resumeKey(changed) != RenderPreflight.resumeKey(single))
        changed = single
        changed.book.options.readsNotes = false
        #expect(RenderPreflight.resumeKey(changed) != RenderPreflight.resumeKey(single))
        changed = single
        changed.book.path = "-"
        #expect(RenderPreflight.resumeKey(changed) == nil, "standard input cannot be read again")
        #expect(RenderPreflight.resumeKey(job) == nil, "a folder of chapter files resumes by its own list")
    }

    @Test func aKeyedFolderIsFoundAgainAndAStaleOneIsRemoved() throws {
        let parent = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let output = parent + "/book.m4b"
        let first = try WorkFolder(beside: output, creatingParent: false, key: "00000000000000aa")
        #expect(!first.isResumed && first.isKept)
        let again = try WorkFolder(beside: output, creatingParent: false, key: "00000000000000aa")
        #expect(again.isResumed, "the folder this process owns is taken over")
        // A folder whose owner has ended, for another job: stale.
        let stale = parent + "/.narrate-work-00000000000000bb"
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: false)
        try Data("2147483646\n".utf8).write(to: URL(fileURLWithPath: stale + "/owner"))
        let third = try WorkFolder(beside: output, creatingParent: false, key: "00000000000000aa")
        #expect(third.removedStale == [".narrate-work-00000000000000bb"])
        #expect(!FileManager.default.fileExists(atPath: stale))
        // A folder another live process owns (pid 1) is neither taken nor removed.
        let busy = parent + "/.narrate-work-00000000000000cc"
        try FileManager.default.createDirectory(atPath: busy, withIntermediateDirectories: false)
        try Data("1\n".utf8).write(to: URL(fileURLWithPath: busy + "/owner"))
        #expect(throws: Failure.self) { try WorkFolder(beside: output, creatingParent: false, key: "00000000000000cc") }
        _ = try WorkFolder(beside: output, creatingParent: false, key: "00000000000000aa")
        #expect(FileManager.default.fileExists(atPath: busy))
    }

    @Test func aTemporaryFolderGoesWhenReleased() throws {
        let parent = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        var path = ""
        do {
            let folder = try WorkFolder(beside: parent + "/x.epub", creatingParent: false)
            path = folder.path
            #expect(!folder.isKept && FileManager.default.fileExists(atPath: path))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// Only pieces with their record, their encoded file and every chunk's marks count as finished.
    @Test func onlyWholePiecesAreFinished() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plan = RenderPlan(pages: [(0, 10), (1, 10), (2, 10), (3, 10)], workers: 1, pieces: 2, chunksPerWorker: 4)
        let order = RenderOrder(job: RenderJobTests.everyField, plan: plan, book: "b")
        let piecePath = { (piece: Int) in "\(folder)/piece-\(piece).ogg" }
        for piece in 0..<2 {
            let chunks = plan.chunks(ofPiece: piece)
            try PieceRecord(piece: piece, chunks: chunks.map { .init(chunk: $0, base: 0, samples: 10) }, length: 20).save(in: folder)
            _ = FileManager.default.createFile(atPath: piecePath(piece), contents: Data([1]))
            for chunk in chunks { _ = FileManager.default.createFile(atPath: RenderSpool(chunk: chunk, in: folder).marks, contents: Data()) }
        }
        #expect(Set(PieceRecord.finished(in: folder, order: order, piecePath: piecePath).keys) == [0, 1])
        try FileManager.default.removeItem(atPath: RenderSpool(chunk: 3, in: folder).marks)
        #expect(Set(PieceRecord.finished(in: folder, order: order, piecePath: piecePath).keys) == [0])
        try FileManager.default.removeItem(atPath: piecePath(0))
        #expect(PieceRecord.finished(in: folder, order: order, piecePath: piecePath).isEmpty)
    }
}
