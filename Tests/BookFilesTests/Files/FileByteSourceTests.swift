import Foundation
import Testing

@testable import BookFiles

/// Files read piece by piece.
struct FileByteSourceTests {
    private func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID())-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsAnyPieceAndLessAtTheEnd() throws {
        let bytes = (0..<1000).map { UInt8($0 % 251) }
        let path = try temporaryFile(bytes, name: "bytes.bin")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try FileByteSource(path: path)
        #expect(source.size == 1000)
        #expect(try source.read(at: 10, count: 5) == Array(bytes[10..<15]))
        #expect(try source.read(at: 990, count: 50) == Array(bytes[990...]))
        #expect(try source.read(at: 2000, count: 5).isEmpty)
    }

    @Test func refusesWhatIsNotARegularFile() {
        #expect(throws: FileError("not a regular file")) { try FileByteSource(path: "/") }
        #expect(throws: FileError("no such file or directory")) { try FileByteSource(path: "/no/such/file.txt") }
    }
}
