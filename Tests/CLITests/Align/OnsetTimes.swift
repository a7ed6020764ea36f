import Foundation

/// Sentence and word start times from a `--timings` JSON file: the truth
/// of a Piper render, or what `narrate align` found.
struct OnsetTimes: Sendable {
    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    struct Utterance: Sendable {
        var text: String
        var start: Double
        var words: [Double]
        /// The aligner's confidence (0 to 1); nil in a render's timings.
        var confidence: Double? = nil
    }

    /// Utterances that have words, in order.
    var utterances: [Utterance]
    /// The `pages` list: each page's number and start.
    var pageStarts: [(page: Int, start: Double)] = []

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let list = root["utterances"] as? [[String: Any]]
        else { throw Problem("\(path): not a timings file") }
        pageStarts = (root["pages"] as? [[String: Any]] ?? []).compactMap { entry in
            guard let page = entry["page"] as? Int, let start = entry["start"] as? Double else { return nil }
            return (page, start)
        }
        utterances = list.compactMap { entry in
            guard let text = entry["text"] as? String, let start = entry["start"] as? Double,
                let words = entry["words"] as? [[String: Any]], !words.isEmpty
            else { return nil }
            return Utterance(
                text: text.split(whereSeparator: \.isWhitespace).joined(separator: " "), start: start,
                words: words.compactMap { $0["start"] as? Double }, confidence: entry["confidence"] as? Double)
        }
    }

    private init(utterances: [Utterance]) { self.utterances = utterances }

    /// These utterances, then `other`'s (a recording in two files: shift `other` by the first's length).
    func followed(by other: OnsetTimes) -> OnsetTimes { OnsetTimes(utterances: utterances + other.utterances) }

    /// Every time multiplied by `factor` (a recording slowed by sox `tempo 0.8` lasts 1.25 times as long).
    func scaled(by factor: Double) -> OnsetTimes { mapped { $0 * factor } }

    /// Every time later by `seconds`.
    func shifted(by seconds: Double) -> OnsetTimes { mapped { $0 + seconds } }

    /// Every time moved by `move`.
    func mapped(_ move: (Double) -> Double) -> OnsetTimes {
        OnsetTimes(utterances: utterances.map { .init(text: $0.text, start: move($0.start), words: $0.words.map(move)) })
    }

    /// Without utterance `index`, whose `seconds` were cut from the recording.
    func cutting(_ index: Int, seconds: Double) -> OnsetTimes {
        var result = utterances
        result.remove(at: index)
        for later in index..<result.count {
            result[later].start -= seconds
            result[later].words = result[later].words.map { $0 - seconds }
        }
        return OnsetTimes(utterances: result)
    }
}

/// How close aligned onsets are to the truth.
struct Accuracy: CustomStringConvertible {
    struct Errors: CustomStringConvertible {
        var errors: [Double]
        var within50: Double { share(0.05) }
        var within100: Double { share(0.1) }
        var max: Double { errors.max() ?? 0 }
        var median: Double { errors.isEmpty ? 0 : errors.sorted()[errors.count / 2] }

        func share(_ limit: Double) -> Double {
            errors.isEmpty ? 0 : Double(errors.filter { $0 <= limit }.count) / Double(errors.count)
        }

        var description: String {
            String(format: "%d, %.1f%% within 50 ms, %.1f%% within 100 ms, median %.0f ms, max %.0f ms",
                errors.count, within50 * 100, within100 * 100, median * 1000, max * 1000)
        }
    }

    var sentences = Errors(errors: [])
    var words = Errors(errors: [])
    /// Truth utterances the alignment does not have.
    var notFound = 0

    /// Matches utterances by text, in order.
    init(truth: OnsetTimes, aligned: OnsetTimes) {
        var remaining = aligned.utterances[...]
        for utterance in truth.utterances {
            guard let match = remaining.firstIndex(where: { $0.text == utterance.text }) else {
                notFound += 1
                continue
            }
            let found = remaining[match]
            remaining = remaining[(match + 1)...]
            sentences.errors.append(abs(found.start - utterance.start))
            words.errors += zip(found.words, utterance.words).map { abs($0 - $1) }
        }
    }

    var description: String { "sentences \(sentences); words \(words); not found \(notFound)" }
}

/// A 16-bit mono WAV file's samples (the header narrate and sox write).
struct WAVSamples {
    var sampleRate: Int
    var samples: [Int16]

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 12
        var rate = 22_050
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if id == "fmt " { rate = Int(bytes[offset + 12]) | Int(bytes[offset + 13]) << 8 | Int(bytes[offset + 14]) << 16 }
            if id == "data" {
                let end = min(offset + 8 + size, bytes.count)
                samples = stride(from: offset + 8, to: end - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
                sampleRate = rate
                return
            }
            offset += 8 + size + size % 2
        }
        throw OnsetTimes.Problem("\(path): no WAV data")
    }

    func write(to path: String) throws {
        var bytes: [UInt8] = []
        func append32(_ value: Int) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        func append16(_ value: Int) { bytes += (0..<2).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        bytes += Array("RIFF".utf8); append32(36 + samples.count * 2); bytes += Array("WAVEfmt ".utf8)
        append32(16); append16(1); append16(1); append32(sampleRate); append32(sampleRate * 2); append16(2); append16(16)
        bytes += Array("data".utf8); append32(samples.count * 2)
        bytes.reserveCapacity(bytes.count + samples.count * 2)
        for sample in samples { append16(Int(sample)) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
