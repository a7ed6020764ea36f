import Foundation
import Testing

/// How far a narration's word cues lie from the speech they name, measured
/// on the audio alone: wherever sound begins after a pause, a word begins,
/// so the nearest word cue should be there too. Timings that drift away from
/// the audio fail this everywhere after the first minutes.
struct CueErrors {
    /// Sound after at least this long a silence starts a word. espeak-ng's
    /// pauses (sentence and clause ends, authored delays) are longer; the
    /// silences inside words (before a stop consonant) are shorter.
    static let pauseSeconds = 0.1
    /// Samples at or below this amplitude are silence (espeak-ng's pauses
    /// are zeros).
    static let silence: Int32 = 32

    let sampleRate: Int
    /// Where sound begins after a pause, in samples.
    let onsets: [Int]
    /// For each onset, the onset minus the nearest word cue, in samples.
    let errors: [Int]

    /// - Parameters:
    ///   - onsets: from ``OnsetFinder``, in increasing order.
    ///   - cues: word starts in samples, in increasing order.
    init(onsets: [Int], cues: [Int], sampleRate: Int) {
        self.sampleRate = sampleRate
        self.onsets = onsets
        errors = onsets.map { onset in onset - Self.nearest(to: onset, in: cues) }
    }

    /// Reads a narration written by `narrate speak -o WAV --timings JSON`.
    /// - Parameter silence: the loudest sample that counts as silence.
    init(wav: String, json: String, silence: Int32 = CueErrors.silence) throws {
        let cues = try Self.wordStarts(json: json)
        let (onsets, rate) = try OnsetFinder.onsets(wav: wav, silence: silence)
        #expect(rate == cues.sampleRate, "the WAV and the timings disagree on the sample rate")
        self.init(onsets: onsets, cues: cues.samples, sampleRate: rate)
    }

    /// The largest error, in milliseconds, however far the audio ran.
    var maximum: Double { milliseconds(errors.map(abs).max() ?? 0) }
    /// The median and 90th-percentile error, in milliseconds.
    var median: Double { percentile(50) }
    var ninetiethPercentile: Double { percentile(90) }

    /// The largest error among the onsets in `share` of the audio (for
    /// example `0.9...1` for the last tenth).
    func maximum(in share: ClosedRange<Double>, duration: Int) -> Double {
        let range = Int(share.lowerBound * Double(duration))...Int(share.upperBound * Double(duration))
        return milliseconds(zip(onsets, errors).filter { range.contains($0.0) }.map { abs($0.1) }.max() ?? 0)
    }

    /// `N onsets: max X ms, median Y ms, 90th percentile Z ms; worst at T s`.
    var summary: String {
        let worst = zip(onsets, errors).max { abs($0.1) < abs($1.1) }
        let at = worst.map { String(format: "; worst at %.1f s (%+.1f ms)", Double($0.0) / Double(sampleRate), milliseconds($0.1)) }
        return "\(onsets.count) onsets: "
            + String(format: "max %.1f ms, median %.1f ms, 90th percentile %.1f ms", maximum, median, ninetiethPercentile)
            + (at ?? "")
    }

    private func percentile(_ percent: Int) -> Double {
        let sorted = errors.map(abs).sorted()
        guard !sorted.isEmpty else { return 0 }
        return milliseconds(sorted[min(sorted.count - 1, sorted.count * percent / 100)])
    }

    private func milliseconds(_ samples: Int) -> Double { Double(samples) * 1000 / Double(sampleRate) }

    private static func nearest(to sample: Int, in sorted: [Int]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < sample { low = middle + 1 } else { high = middle }
        }
        let candidates = [low - 1, low].filter { sorted.indices.contains($0) }.map { sorted[$0] }
        return candidates.min { abs($0 - sample) < abs($1 - sample) } ?? Int.min / 2
    }

    /// Every word's start in a JSON timings file, in samples.
    static func wordStarts(json path: String) throws -> (samples: [Int], sampleRate: Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rate = try #require(root["sampleRate"] as? Int)
        let utterances = try #require(root["utterances"] as? [[String: Any]])
        let starts = utterances.flatMap { ($0["words"] as? [[String: Any]] ?? []).compactMap { $0["start"] as? Double } }
        return (starts.map { Int(($0 * Double(rate)).rounded()) }.sorted(), rate)
    }
}

/// Finds where sound begins after a pause in 16-bit mono audio, reading
/// it a buffer at a time (a whole novel is 1.7 GB of WAV).
struct OnsetFinder {
    let minimumPause: Int
    let silence: Int32
    private(set) var onsets: [Int] = []
    private var position = 0
    private var quiet: Int

    /// - Parameter pause: the shortest silence before an onset, in seconds.
    init(sampleRate: Int, pause: Double = CueErrors.pauseSeconds, silence: Int32 = CueErrors.silence) {
        self.silence = silence
        minimumPause = Int(pause * Double(sampleRate))
        quiet = minimumPause  // the audio starts after silence
    }

    /// The next samples.
    mutating func feed(_ samples: UnsafeBufferPointer<Int16>) {
        for (index, sample) in samples.enumerated() {
            if abs(Int32(sample)) <= silence {
                quiet += 1
            } else {
                if quiet >= minimumPause { onsets.append(position + index) }
                quiet = 0
            }
        }
        position += samples.count
    }

    /// The onsets of a 16-bit mono PCM WAV file, and its sample rate.
    static func onsets(wav path: String, pause: Double = CueErrors.pauseSeconds, silence: Int32 = CueErrors.silence)
        throws -> (onsets: [Int], sampleRate: Int)
    {
        let file = try #require(FileHandle(forReadingAtPath: path), "cannot open \(path)")
        defer { try? file.close() }
        let (rate, dataOffset) = try header(of: file)
        try file.seek(toOffset: dataOffset)
        var finder = OnsetFinder(sampleRate: rate, pause: pause, silence: silence)
        while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { bytes in
                finder.feed(UnsafeBufferPointer(start: bytes.bindMemory(to: Int16.self).baseAddress, count: bytes.count / 2))
            }
        }
        return (finder.onsets, rate)
    }

    /// The sample rate and where the samples begin: the RIFF chunks are
    /// walked to `fmt ` and `data`.
    private static func header(of file: FileHandle) throws -> (rate: Int, dataOffset: UInt64) {
        let head = try #require(try file.read(upToCount: 4096))
        let bytes = [UInt8](head)
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reversed().reduce(0) { $0 << 8 | Int($1) } }
        try #require(bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WAVE".utf8))
        var offset = 12
        var rate: Int?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            if id == "fmt " { rate = word(offset + 12) }
            if id == "data" { return (try #require(rate, "no fmt chunk before data"), UInt64(offset + 8)) }
            offset += 8 + word(offset + 4)
        }
        throw CueErrorsFailure("no data chunk in the first 4 KB")
    }
}

struct CueErrorsFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
