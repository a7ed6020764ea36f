import BookModel

/// Piper's neural voices through sherpa-onnx, with word timings from the
/// phoneme durations the prepared voices return with their audio.
///
/// espeak-ng phonemizes (as Piper does): each request's text clause by
/// clause, and each word on its own to find where its phonemes begin
/// (``PhonemeWordMap``). Every sentence is synthesised whole; its words
/// start where the durations say, once the check
/// `256 × sum(durations) == samples` holds (else at an even share of the
/// sentence, with a warning). One voice is loaded at a time (1–2 s).
public final class PiperEngine: SpeechEngine {
    /// The rate every voice must have: espeak-ng's, so that voices of both
    /// engines can share one output.
    public let sampleRate: Int
    public let runtime: PiperRuntime
    private let installed: [PiperVoice]
    private let espeak: ESpeakEngine
    private let threads: Int
    private let warnings: WarningSink
    private var model: PiperModel?
    private var warnedOfTimings = false
    /// Multiplies every sample: Piper's voices peak near 0.4 of full scale,
    /// espeak-ng's speech is louder; this brings their loudness level (RMS
    /// over a passage within 0.3 dB, measured in docs/neural-voice.md).
    public static let loudness: Float = 1.8

    /// - Parameters:
    ///   - voices: the installed voices.
    ///   - espeak: the process's espeak-ng, for phonemes.
    ///   - threads: ONNX Runtime threads per voice.
    public init(
        voices: [PiperVoice], espeak: ESpeakEngine, runtime: PiperRuntime = .installed, threads: Int = 1,
        warnings: WarningSink = .ignoring
    ) {
        installed = voices
        self.espeak = espeak
        self.runtime = runtime
        self.threads = threads
        self.warnings = warnings
        sampleRate = espeak.sampleRate
    }

    public func voices() -> [Voice] {
        installed.map { voice in
            Voice(
                identifier: voice.identifier, name: voice.name, languages: [Voice.Language(voice.language, priority: 1)],
                engine: "piper", sampleRate: voice.sampleRate)
        }
    }

    /// Loads the voice for `identifier` unless it is the one loaded.
    /// - Throws: ``SpeechError``.
    public func load(_ identifier: String) throws(SpeechError) {
        if model?.voice.identifier == identifier { return }
        guard let voice = installed.first(where: { $0.identifier == identifier }) else {
            throw .unknownVoice(identifier, suggestions: installed.map(\.identifier))
        }
        guard voice.sampleRate == sampleRate else {
            throw .unavailable("\(voice.identifier) speaks at \(voice.sampleRate) Hz; narrate reads Piper voices at \(sampleRate) Hz only")
        }
        model = nil
        model = try PiperModel(voice, runtime: runtime, threads: threads)
    }

    public func render(_ request: SpeechRequest, onEvent: (SpeechEvent) -> Bool) throws(SpeechError) {
        try load(request.voice)
        guard let model else { return }
        let plan = try plan(request, model: model)
        var written = 0
        for (index, planned) in plan.sentences.enumerated() {
            var sentence = planned
            for start in sentence.wordStarts.indices {
                let word = sentence.wordStarts[start].word
                sentence.wordStarts[start].word.range = request.segments[word.segment].sourceRange(of: word.range)
            }
            let parameters = request.segments[sentence.segment].parameters
            let speed = PiperProsody.speed(for: parameters)
            let spoken = try model.generate(sentence.codepoints, speed: speed) { output in
                deliver(sentence, output: output, gain: PiperProsody.gain(for: parameters), from: written, onEvent)
            }
            guard let spoken else { return }
            written += spoken
            let last = index == plan.sentences.count - 1
            let pause = sentence.endsSentence ? PiperProsody.sentencePause : (last && request.endsClause ? PiperProsody.clausePause : 0)
            if !last || request.endsClause, pause > 0 {
                let count = Int(pause / Double(speed) * Double(sampleRate))
                guard Self.silence(count, onEvent) else { return }
                written += count
            }
        }
    }

    private func plan(_ request: SpeechRequest, model: PiperModel) throws(SpeechError) -> PiperSentencePlan {
        let texts = request.segments.map(\.text)
        let espeakVoice = model.voice.espeakVoice
        let phonemes = request.segments.contains(where: \.usesPhonemes)
        let clauses = try espeak.ipaClauses(texts.joined(separator: " "), voice: espeakVoice, phonemeInput: phonemes)
        var wordPhonemes: [String] = []
        for word in PiperSentencePlan.words(in: texts) {
            let text = PiperSentencePlan.text(of: word, in: texts)
            wordPhonemes.append(try espeak.ipa(ofWord: text, voice: espeakVoice, phonemeInput: phonemes))
        }
        return PiperSentencePlan(texts: texts, clauses: clauses, wordPhonemes: wordPhonemes, tokens: model.tokens)
    }

    /// Passes on a sentence's word events and samples; returns how many
    /// samples it delivered, nil when `onEvent` asked to stop.
    private func deliver(
        _ sentence: PiperSentencePlan.Sentence, output: UnsafeBufferPointer<Float>, gain: Float, from start: Int,
        _ onEvent: (SpeechEvent) -> Bool
    ) -> Int? {
        let durations = PiperDurations(output: output, phonemeCount: sentence.codepoints.count)
        if durations == nil { warnOfTimings() }
        let audioCount = durations?.audioCount ?? max(output.count - (2 * sentence.codepoints.count + 3), 0)
        let scale = gain * Self.loudness
        var samples = [Int16](repeating: 0, count: audioCount)
        for index in 0..<audioCount {
            samples[index] = Int16(PiperProsody.limited(output[index] * scale) * Float(Int16.max))
        }
        for (word, phoneme) in sentence.wordStarts {
            let stated = durations?.startSample(ofPhoneme: phoneme)
                ?? PiperDurations.estimatedStart(ofPhoneme: phoneme, count: sentence.codepoints.count, audioCount: audioCount)
            let sample = Self.soundStart(in: samples, from: stated, sampleRate: sampleRate)
            guard onEvent(.word(segment: word.segment, range: word.range, sample: start + sample)) else { return nil }
        }
        let delivered = samples.withUnsafeBufferPointer { onEvent(.samples($0)) }
        return delivered ? audioCount : nil
    }

    /// Where sound begins at or after `sample`: a word's stated start
    /// (the space token before it) can lie in the silence of a pause the
    /// voice made there (a CI run found a word's cue 105 ms before its
    /// sound, the 200 ms after it at −68 dB). The start moves over 5 ms
    /// steps with no sample above −50 dBFS, at most 300 ms. The narrator's
    /// own onset search (``WordEventTracker``, the first sample above
    /// −60 dBFS) stays as it is for espeak-ng, whose pauses are digital
    /// silence; Piper's vocoder leaves a low noise floor in its pauses that
    /// crosses −60 dBFS, so its cues are first moved here, where the
    /// sentence's audio is at hand.
    static func soundStart(in samples: [Int16], from sample: Int, sampleRate: Int) -> Int {
        let step = max(sampleRate / 200, 1), reach = sampleRate * 3 / 10, quiet = Int16(104)  // 5 ms, 300 ms; −50 dBFS
        var position = max(sample, 0)
        while position < min(sample + reach, samples.count) {
            let end = min(position + step, samples.count)
            if samples[position..<end].contains(where: { $0 > quiet || $0 < -quiet }) { return position }
            position = end
        }
        return sample
    }

    private static func silence(_ count: Int, _ onEvent: (SpeechEvent) -> Bool) -> Bool {
        let zeros = [Int16](repeating: 0, count: count)
        return zeros.withUnsafeBufferPointer { onEvent(.samples($0)) }
    }

    private func warnOfTimings() {
        guard !warnedOfTimings else { return }
        warnedOfTimings = true
        warnings.warn("the Piper voice returned no phoneme durations: word timings are estimated (install the voice again with narrate voices install)")
    }
}
