import BookModel
import Foundation
import Narrator

/// `--engine` and `--voices-dir`, and opening the engines they ask for:
/// espeak-ng always (it speaks every language and phonemizes for Piper),
/// the installed Piper voices beside it.
enum EngineChoice {
    static let engineOption = OptionSpec(
        "engine", value: "NAME", values: .choices(EngineKind.self),
        help: "Prefer this engine's voices: espeak (default) or piper, a neural voice installed with narrate voices install.")
    static let voicesDirectoryOption = OptionSpec(
        "voices-dir", value: "DIR", help: "Look for Piper voices here (default: $XDG_DATA_HOME/narrate/voices).")

    static func kind(_ arguments: ParsedArguments) throws(UsageError) -> EngineKind {
        try arguments.choice("engine", as: EngineKind.self) ?? .espeak
    }

    /// The folder `--voices-dir` names, else the standard one.
    static func directory(_ path: String?) -> PiperVoiceDirectory {
        path.map(PiperVoiceDirectory.init(path:)) ?? .standard
    }

    /// ONNX Runtime threads for a process that renders alone: one per core,
    /// up to 4 (more gain nothing on a sentence at a time).
    static var soloThreads: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4) }

    /// espeak-ng, with the Piper voices when any are installed. When Piper is
    /// asked for (`--engine piper` or a `piper:` voice), a missing voice or
    /// runtime is an error saying how to get it.
    static func open(_ options: NarrationOptions, threads: Int, warnings: WarningSink) throws(Failure) -> CombinedEngine {
        let espeak: ESpeakEngine
        do { espeak = try ESpeakEngine() } catch { throw Failure(nil, error.description) }
        let directory = directory(options.voicesDirectory)
        let voices = directory.voices()
        if options.engine == .piper || options.voice?.hasPrefix(PiperVoice.prefix) == true {
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

    /// Says, before an audiobook's render workers start (their warnings are
    /// not shown), that no Piper voice speaks the book's language when Piper
    /// is preferred.
    static func noticeFallback(language: String?, _ options: NarrationOptions, warnings: WarningSink) throws(Failure) {
        guard options.engine == .piper, options.voice == nil else { return }
        let engine = try open(options, threads: 1, warnings: .ignoring)
        guard let voice = VoiceCatalog(engine.voices()).voice(forLanguage: language ?? "en"),
            let notice = engine.fallbackNotice(for: voice.identifier)
        else { return }
        warnings.warn(notice)
    }
}
