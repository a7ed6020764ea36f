import Foundation
import Narrator
import Testing

struct WAVWriterTests {
    private func temporaryFile() -> (path: String, descriptor: Int32) {
        let path = NSTemporaryDirectory() + "narrate-wav-\(UUID().uuidString).wav"
        return (path, open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644))
    }

    private func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    @Test func finishedFileHasTheRealSizesInItsHeader() throws {
        let (path, descriptor) = temporaryFile()
        defer { unlink(path) }
        let writer = try WAVWriter(descriptor: descriptor, sampleRate: 22050)
        let samples: [Int16] = (0..<1000).map { Int16($0 % 200) }
        try samples.withUnsafeBufferPointer { try writer.write($0) }
        try writer.writeSilence(count: 500)
        try writer.finish()
        close(descriptor)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count == 44 + 3000)
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
        #expect(littleEndian32(bytes, at: 4) == UInt32(36 + 3000))
        #expect(littleEndian32(bytes, at: 24) == 22050)
        #expect(littleEndian32(bytes, at: 40) == 3000)
        let silenceStart = 2044
        #expect(bytes[44 + 2 * 199] == 199)
        #expect(bytes[silenceStart...].allSatisfy { $0 == 0 })
    }

    @Test func withoutAHeaderOnlyTheSamplesAreWritten() throws {
        let (path, descriptor) = temporaryFile()
        defer { unlink(path) }
        let writer = try WAVWriter(descriptor: descriptor, sampleRate: 22050, writesHeader: false)
        let samples: [Int16] = [1, -2, 300]
        try samples.withUnsafeBufferPointer { try writer.write($0) }
        try writer.writeSilence(count: 2)
        try writer.finish()
        close(descriptor)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes == [0x01, 0x00, 0xFE, 0xFF, 0x2C, 0x01, 0, 0, 0, 0])
    }

    @Test func aStreamSaysItsSizeIsUnspecifiedAndEndsOnAWholeBlock() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let writer = try WAVWriter(descriptor: ends[1], sampleRate: 16000)
        try writer.writeSilence(count: 10)
        try writer.finish()
        close(ends[1])
        var bytes = [UInt8](repeating: 0, count: 10_000)
        var count = 0
        while case let got = read(ends[0], &bytes[count], bytes.count - count), got > 0 { count += got }
        #expect(count == 44 + 4096)
        #expect(littleEndian32(bytes, at: 40) == 0x7FFF_F000)
        #expect(littleEndian32(bytes, at: 4) == 0x7FFF_F000 + 36)
    }

    @Test func aFileOpenedToAppendKeepsItsHeaderAndGetsNothingAfterTheAudio() throws {
        let (path, descriptor) = temporaryFile()
        defer { unlink(path) }
        close(descriptor)
        let appending = open(path, O_WRONLY | O_APPEND)
        _ = "before".withCString { write(appending, $0, 6) }
        let writer = try WAVWriter(descriptor: appending, sampleRate: 22050)
        try writer.writeSilence(count: 100)
        try writer.finish()
        close(appending)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count == 6 + 44 + 4096)
        #expect(littleEndian32(bytes, at: 6 + 40) == 0x7FFF_F000)
    }

    @Test func writingAfterFinishIsAnError() throws {
        let (path, descriptor) = temporaryFile()
        defer { unlink(path); close(descriptor) }
        let writer = try WAVWriter(descriptor: descriptor, sampleRate: 22050)
        try writer.finish()
        #expect(throws: OutputError.finished) { try writer.writeSilence(count: 1) }
    }
}
