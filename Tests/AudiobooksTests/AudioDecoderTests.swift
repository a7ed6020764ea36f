import Audiobooks
import Foundation
import Testing

/// A stretch of a file decoded by ffmpeg: its first or last seconds, never
/// more (what `narrate align` listens to before it aligns).
@Suite(.enabled(if: (try? FFmpeg.locate(for: .mp3, environment: ProcessInfo.processInfo.environment)) != nil, "ffmpeg is not installed"))
struct AudioDecoderTests {
    static let rate = 16_000

    /// Five seconds of 16 kHz mono whose every sample is its second's number (0–4) times 1000.
    static func steps() throws -> String {
        let samples = (0..<(5 * rate)).map { Int16($0 / rate * 1_000) }
        var data = Data("RIFF".utf8)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        append(UInt32(36 + samples.count * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16)); append(UInt16(1)); append(UInt16(1)); append(UInt32(rate)); append(UInt32(rate * 2)); append(UInt16(2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        append(UInt32(samples.count * 2))
        for sample in samples { append(sample) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("steps-\(UUID().uuidString).wav").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    static func decoded(_ path: String, _ stretch: AudioDecoder.Stretch) throws -> [Int16] {
        let decoder = AudioDecoder(ffmpeg: try FFmpeg.locate(for: .mp3, environment: ProcessInfo.processInfo.environment), sampleRate: rate)
        var samples: [Int16] = []
        try decoder.decode(path, stretch: stretch, log: "/dev/null") { samples.append(contentsOf: $0) }
        return samples
    }

    @Test func theFirstAndLastSecondsAreDecodedAndNoMore() throws {
        let path = try Self.steps()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try Self.decoded(path, .whole)
        #expect(whole.count == 5 * Self.rate)
        let first = try Self.decoded(path, .first(seconds: 2))
        #expect(first.count == 2 * Self.rate && first.first == 0 && first.last == 1_000)
        let last = try Self.decoded(path, .last(seconds: 1))
        #expect(abs(last.count - Self.rate) <= Self.rate / 100, "\(last.count) samples")
        #expect(last.first == 4_000 && last.last == 4_000)
        // More than the file holds: all of it.
        #expect(try Self.decoded(path, .last(seconds: 30)).count == whole.count)
        #expect(try Self.decoded(path, .first(seconds: 30)).count == whole.count)
    }
}
