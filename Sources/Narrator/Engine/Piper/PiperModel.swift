import CSherpaOnnx

/// One Piper voice loaded into sherpa-onnx: owns the synthesiser handle.
final class PiperModel {
    let voice: PiperVoice
    /// The phoneme symbols the voice knows; others are left out of its input.
    let tokens: Set<Unicode.Scalar>
    private let handle: OpaquePointer

    /// Loads `voice` (1–2 s for a medium voice) with `threads` threads.
    /// - Throws: ``SpeechError/unavailable(_:)`` when the runtime or the
    ///   voice cannot be loaded.
    init(_ voice: PiperVoice, runtime: PiperRuntime, threads: Int) throws(SpeechError) {
        try runtime.load()
        // sherpa reads 0 as "use the default": keep the values positive.
        guard let handle = narrate_sherpa_create(
            voice.modelPath, voice.tokensPath, Int32(max(threads, 1)), max(voice.noiseScale, 1e-6),
            max(voice.noiseWidth, 1e-6), max(voice.lengthScale, 1e-6))
        else { throw .unavailable("sherpa-onnx could not load the Piper voice in \(voice.folder)") }
        self.voice = voice
        self.handle = handle
        tokens = voice.tokens()
    }

    deinit {
        narrate_sherpa_destroy(handle)
    }

    /// Synthesises one sentence of phoneme codepoints at `speed` (> 1 is
    /// faster) and hands its raw output (audio, then durations) to `body`.
    func generate<Result>(
        _ codepoints: [Int32], speed: Float, _ body: (UnsafeBufferPointer<Float>) -> Result
    ) throws(SpeechError) -> Result {
        var audio = NarrateSherpaAudio()
        let status = codepoints.withUnsafeBufferPointer { buffer in
            narrate_sherpa_generate(handle, buffer.baseAddress, Int32(buffer.count), speed, &audio)
        }
        guard status == 0, let samples = audio.samples else {
            throw .synthesisFailed("sherpa-onnx could not synthesise a sentence with \(voice.identifier)")
        }
        defer { narrate_sherpa_free_audio(&audio) }
        return body(UnsafeBufferPointer(start: samples, count: Int(audio.count)))
    }
}
