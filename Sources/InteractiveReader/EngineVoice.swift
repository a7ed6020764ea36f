import BookModel
import Narrator

/// The reader's voice on a real speech engine: each sentence is rendered to
/// memory by a ``Narrator`` (so every utterance keeps its prosody and the
/// word timings come from the engine's word events), then handed to a
/// ``SentencePlayer`` that plays it on the sound device.
///
/// The word schedule returned to the reader is the rendered audio's own, so
/// the highlight follows the sound; ``stop()`` kills the player at once.
public final class EngineVoice: ReaderVoice {
    public let name: String
    private let engine: any SpeechEngine
    private let voice: String?
    private let options: NarrationOptions
    private let player: SentencePlayer

    /// - Parameters:
    ///   - engine: the speech engine (one per process).
    ///   - voice: `--voice`, or `nil` to choose by the book's language.
    ///   - name: the voice's name for the status line.
    ///   - player: where the audio goes.
    ///   - options: the rest of the narration (``NarrationOptions/exactPauses``,
    ///     the dialogue voice); its voice and rate are the reader's.
    public init(
        engine: any SpeechEngine, voice: String?, name: String, player: SentencePlayer,
        options: NarrationOptions = NarrationOptions()
    ) {
        self.engine = engine
        self.voice = voice
        self.options = options
        self.name = name
        self.player = player
    }

    public func start(_ request: ReaderSpeechRequest) throws -> ReaderSpeechTiming {
        let (samples, timings) = try render(request)
        try player.play(samples)
        return Self.timing(request, timings: timings, sampleCount: samples.count, sampleRate: engine.sampleRate)
    }

    public func stop() {
        player.stop()
    }

    /// Renders the request's segments as the utterances of one page.
    private func render(_ request: ReaderSpeechRequest) throws -> ([Int16], [UtteranceTiming]) {
        let utterances = request.segments.map {
            Utterance($0.text, language: $0.language, prosody: $0.prosody, pronunciations: $0.pronunciations)
        }
        var options = options
        options.voice = voice
        options.mapping = ProsodyMapping(rateScale: request.speed)
        let narrator = try Narrator(engine: engine, options: options, language: request.language)
        let buffer = SampleBuffer()
        let collector = TimingCollector()
        _ = try narrator.speak(
            utterances, after: request.context, before: request.following, to: buffer, observer: collector)
        return (buffer.samples, collector.timings)
    }

    /// The words the narrator timed, as offsets into the request's text:
    /// its words, cut where the engine reported them (so Japanese, written
    /// without spaces, is highlighted word by word too).
    static func timing(_ request: ReaderSpeechRequest, timings: [UtteranceTiming], sampleCount: Int, sampleRate: Int)
        -> ReaderSpeechTiming
    {
        var bases: [Int] = []
        var offset = 0
        for segment in request.segments {
            bases.append(offset)
            offset += segment.text.unicodeScalars.count
        }
        var starts: [ReaderSpeechTiming.WordStart] = []
        for timing in timings where bases.indices.contains(timing.position.utterance) {
            let base = bases[timing.position.utterance]
            for word in timing.words where !word.range.isEmpty {
                let range = (base + word.range.lowerBound)..<min(offset, base + word.range.upperBound)
                guard range.lowerBound < range.upperBound, range.lowerBound >= (starts.last?.range.upperBound ?? 0)
                else { continue }
                let time = max(Double(word.startSample) / Double(sampleRate), starts.last?.time ?? 0)
                starts.append(.init(range: range, time: time))
            }
        }
        return ReaderSpeechTiming(words: starts, duration: Double(sampleCount) / Double(sampleRate))
    }
}

/// Collects rendered audio in memory.
final class SampleBuffer: AudioSink {
    private(set) var samples: [Int16] = []

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(OutputError) { self.samples.append(contentsOf: samples) }
    func writeSilence(count: Int) throws(OutputError) { samples.append(contentsOf: repeatElement(0, count: count)) }
    func finish() throws(OutputError) {}
}

/// Collects the utterance timings of a narration.
final class TimingCollector: NarrationObserver {
    private(set) var timings: [UtteranceTiming] = []

    func utteranceSpoken(_ timing: UtteranceTiming) { timings.append(timing) }
}
