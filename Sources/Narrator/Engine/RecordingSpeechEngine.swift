/// A speech engine that records every request and renders predictable
/// audio: for each word of each segment, a loud tone of
/// ``samplesPerScalar`` samples per Unicode scalar of the word, then that many
/// silent samples per space; and ``endPauseSamples`` of silence when a request
/// ends a clause.
///
/// For tests of the narrator and of anything built on it (the interactive
/// reader), where espeak-ng's real timing would get in the way.
public final class RecordingSpeechEngine: SpeechEngine {
    /// Every request rendered so far, in order.
    public private(set) var requests: [SpeechRequest] = []
    public let sampleRate: Int
    /// Samples of tone per scalar of a word, and of silence per space.
    public let samplesPerScalar: Int
    /// Silence added at the end of a request that ends a clause.
    public let endPauseSamples: Int
    /// The amplitude of the tone.
    public static let toneAmplitude: Int16 = 8000
    private let knownVoices: [Voice]

    public init(
        sampleRate: Int = 1000, samplesPerScalar: Int = 10, endPauseSamples: Int = 50,
        voices: [Voice] = RecordingSpeechEngine.defaultVoices
    ) {
        self.sampleRate = sampleRate
        self.samplesPerScalar = samplesPerScalar
        self.endPauseSamples = endPauseSamples
        self.knownVoices = voices
    }

    /// English, French and German voices with espeak-like identifiers.
    public static let defaultVoices = [
        Voice(identifier: "gmw/en", name: "English_(Great_Britain)", languages: [.init("en-gb", priority: 2), .init("en", priority: 2)]),
        Voice(identifier: "gmw/en-US", name: "English_(America)", languages: [.init("en-us", priority: 2), .init("en", priority: 3)]),
        Voice(identifier: "roa/fr", name: "French_(France)", languages: [.init("fr-fr", priority: 5), .init("fr", priority: 5)]),
        Voice(identifier: "gmw/de", name: "German", languages: [.init("de", priority: 5)]),
    ]

    public func voices() -> [Voice] { knownVoices }

    public func render(_ request: SpeechRequest, onEvent: (SpeechEvent) -> Bool) throws(SpeechError) {
        guard knownVoices.contains(where: { $0.identifier == request.voice }) else {
            throw .unknownVoice(request.voice, suggestions: [])
        }
        requests.append(request)
        var sample = 0
        for (index, segment) in request.segments.enumerated() {
            for (range, isWord) in Self.runs(of: segment.text) {
                let count = range.count * samplesPerScalar
                if isWord, !onEvent(.word(segment: index, range: segment.sourceRange(of: range), sample: sample)) {
                    return
                }
                if !emit(count: count, loud: isWord, onEvent) { return }
                sample += count
            }
        }
        if request.endsClause { _ = emit(count: endPauseSamples, loud: false, onEvent) }
    }

    private func emit(count: Int, loud: Bool, _ onEvent: (SpeechEvent) -> Bool) -> Bool {
        guard count > 0 else { return true }
        let buffer = [Int16](repeating: loud ? Self.toneAmplitude : 0, count: count)
        return buffer.withUnsafeBufferPointer { onEvent(.samples($0)) }
    }

    /// Runs of non-space and space scalars, as scalar offset ranges.
    static func runs(of text: String) -> [(range: Range<Int>, isWord: Bool)] {
        var runs: [(Range<Int>, Bool)] = []
        var start = 0
        var current: Bool?
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let isWord = !scalar.properties.isWhitespace
            if let current, current != isWord {
                runs.append((start..<offset, current))
                start = offset
            }
            current = isWord
        }
        if let current { runs.append((start..<text.unicodeScalars.count, current)) }
        return runs
    }
}
