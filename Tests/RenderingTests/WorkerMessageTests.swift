import Foundation
import Narrator
import Testing

@testable import Rendering

/// What a worker tells its parent goes through files as typed records.
struct WorkerMessageTests {
    @Test func messagesComeBackInOrderAndOtherLinesAreSkipped() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("messages-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = WorkerMessageLog(path: path)
        log.append(.warning(file: "book.epub", message: "a picture is missing: it has \"quotes\"\nand a line break"))
        log.append(.failure(file: nil, message: "espeak-ng cannot start"))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("Fatal error: a crash's last words\n".utf8))
        try handle.close()
        #expect(WorkerMessage.read(path) == [
            .warning(file: "book.epub", message: "a picture is missing: it has \"quotes\"\nand a line break"),
            .failure(file: nil, message: "espeak-ng cannot start"),
        ])
        #expect(WorkerMessage.read(path + "-missing").isEmpty)
    }

    @Test func marksComeBackAsWrittenAndABadLineIsAnError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("marks-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try RenderMarksWriter(path: path)
        let timing = AudiobookTimelineTests.timing(page: 2, start: 10, end: 99)
        writer.pageStarted(2, atSample: 5)
        for _ in 0..<300 { writer.utteranceSpoken(timing) }
        try writer.finish()
        let marks = try RenderMarksReader.read(path)
        #expect(marks.count == 301 && marks.first == .page(index: 2, sample: 5) && marks.last == .utterance(timing))
        try Data("not a mark\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: Failure.self) { try RenderMarksReader.read(path) }
    }
}
