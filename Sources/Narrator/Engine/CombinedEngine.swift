import BookModel

/// The engines narrate can speak with.
public enum EngineKind: String, CaseIterable, Sendable, Codable {
    /// espeak-ng: every language, fast, the default.
    case espeak
    /// Piper's neural voices through sherpa-onnx, where one is installed.
    case piper
}

/// espeak-ng and the installed Piper voices behind one ``SpeechEngine``:
/// each request goes to the engine of its voice (`piper:NAME` or an
/// espeak-ng voice).
///
/// With ``EngineKind/piper`` preferred, the Piper voices come first for
/// their languages; a language none speaks is read by espeak-ng, with one
/// notice. With espeak-ng preferred, Piper voices speak only when named.
public final class CombinedEngine: SpeechEngine {
    public let espeak: ESpeakEngine
    public let piper: PiperEngine?
    public let preferred: EngineKind
    public var sampleRate: Int { espeak.sampleRate }
    private let warnings: WarningSink
    private var cachedVoices: [Voice]?
    private var noticedLanguages = false

    public init(espeak: ESpeakEngine, piper: PiperEngine?, preferred: EngineKind, warnings: WarningSink = .ignoring) {
        self.espeak = espeak
        self.piper = piper
        self.preferred = preferred
        self.warnings = warnings
    }

    /// Both engines' voices, the preferred engine's first. A Piper voice
    /// also answers for its primary language (`en` for `en-us`); when Piper
    /// is preferred, for every regional tag of it espeak-ng knows as well
    /// (`en-gb`: an English book is read by the English Piper voice), and
    /// ahead of espeak-ng; otherwise behind it.
    public func voices() -> [Voice] {
        if let cachedVoices { return cachedVoices }
        let classic = espeak.voices()
        let neural = (piper?.voices() ?? []).map { voice in
            var voice = voice
            voice.languages = languages(of: voice, among: classic)
            return voice
        }
        let result = preferred == .piper ? neural + classic : classic + neural
        cachedVoices = result
        return result
    }

    private func languages(of voice: Voice, among classic: [Voice]) -> [Voice.Language] {
        let priority = preferred == .piper ? 0 : 99
        var tags: [String] = []
        for tag in voice.languages.map(\.tag) {
            let primary = VoiceCatalog.primary(tag)
            tags += [tag, primary]
            if preferred == .piper {
                tags += classic.flatMap(\.languages).map(\.tag).filter { VoiceCatalog.primary($0) == primary }
            }
        }
        var seen = Set<String>()
        return tags.filter { seen.insert($0).inserted }.map { Voice.Language($0, priority: priority) }
    }

    public func render(_ request: SpeechRequest, onEvent: (SpeechEvent) -> Bool) throws(SpeechError) {
        if request.voice.hasPrefix(PiperVoice.prefix) {
            guard let piper else { throw .unavailable("no Piper voices are installed (narrate voices install)") }
            return try piper.render(request, onEvent: onEvent)
        }
        noticeFallback(request.voice)
        try espeak.render(request, onEvent: onEvent)
    }

    /// With Piper preferred, says once that a language is read by
    /// espeak-ng because no Piper voice speaks it.
    private func noticeFallback(_ voice: String) {
        guard !noticedLanguages, let notice = fallbackNotice(for: voice) else { return }
        noticedLanguages = true
        warnings.warn(notice)
    }

    /// What to say when `voice`, an espeak-ng voice, reads while Piper is
    /// preferred; nil otherwise.
    public func fallbackNotice(for voice: String) -> String? {
        guard preferred == .piper, !voice.hasPrefix(PiperVoice.prefix) else { return nil }
        let language = voices().first { $0.identifier == voice }?.languages.first?.tag ?? voice
        let installed = piper?.voices().map(\.identifier).joined(separator: ", ") ?? ""
        return "no Piper voice speaks '\(language)': reading it with espeak-ng"
            + (installed.isEmpty ? " (no Piper voice is installed: narrate voices install)" : " (installed: \(installed))")
    }
}
