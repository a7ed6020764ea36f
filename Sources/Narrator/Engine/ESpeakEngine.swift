import CESpeakNG
import Glibc
import Synchronization

/// The speech engine on libespeak-ng, in synchronous mode: samples and word
/// events come back through a callback on the calling thread.
///
/// espeak-ng keeps process-wide state and is not thread-safe, so only one
/// `ESpeakEngine` may exist at a time (a second `init` throws
/// ``SpeechError/engineInUse``) and every call must come from one thread.
/// Initialising espeak-ng switches the process's character locale to C.UTF-8.
///
/// espeak-ng 1.51's `espeak_Terminate` deadlocks in synchronous mode (it waits
/// for an event thread that never wakes), so the library is initialised once
/// per process and stays loaded: a later engine reuses it.
public final class ESpeakEngine: SpeechEngine {
    private static let claimed = Mutex(false)
    /// The sample rate of the process's one espeak-ng initialisation, once done.
    private static let initialisedRate = Mutex<Int?>(nil)

    /// espeak-ng's output rate, 22050 Hz for its own voices.
    public let sampleRate: Int
    let library: ESpeakLibrary
    private var currentVoice: String?
    /// Whether the last synthesis read `[[ ]]` as phonemes: espeak-ng keeps
    /// that setting for `espeak_TextToPhonemes` too; nil when unknown.
    var readsPhonemeInput: Bool?
    private var cachedVoices: [Voice]?

    /// Starts espeak-ng.
    /// - Parameter dataPath: the folder holding `espeak-ng-data`; `nil` uses
    ///   the library's built-in location (or `ESPEAK_DATA_PATH`).
    /// - Throws: ``SpeechError/engineInUse`` when another engine exists,
    ///   ``SpeechError/unavailable(_:)`` when the data cannot be loaded.
    public init(dataPath: String? = nil) throws(SpeechError) {
        let wasClaimed = Self.claimed.withLock { claimed in
            defer { claimed = true }
            return claimed
        }
        if wasClaimed { throw .engineInUse }
        let library: ESpeakLibrary
        do { library = try ESpeakLibrary.shared.get() } catch {
            Self.claimed.withLock { $0 = false }
            throw error
        }
        self.library = library
        guard let rate = Self.initialise(library, dataPath: dataPath) else {
            Self.claimed.withLock { $0 = false }
            throw .unavailable("espeak-ng could not load its data" + (dataPath.map { " from \($0)" } ?? ""))
        }
        sampleRate = rate
        library.setSynthCallback(eSpeakSynthCallback)
    }

    deinit {
        Self.claimed.withLock { $0 = false }
    }

    /// The version of libespeak-ng (`1.51`), loading the library if no engine
    /// has yet; nothing is initialised, so this stays cheap.
    /// - Throws: ``SpeechError/unavailable(_:)`` when the library cannot be loaded.
    public static func libraryVersion() throws(SpeechError) -> String {
        guard let text = try ESpeakLibrary.shared.get().info(nil) else { return "unknown" }
        return String(cString: text)
    }

    private static func initialise(_ library: ESpeakLibrary, dataPath: String?) -> Int? {
        initialisedRate.withLock { rate in
            if let rate { return rate }
            let options = Int32(espeakINITIALIZE_DONT_EXIT)
            let result = Int(withStandardErrorSilenced { library.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 200, dataPath, options) })
            rate = result > 0 ? result : nil
            return rate
        }
    }

    /// Runs `body` with standard error pointed at `/dev/null`. libespeak-ng
    /// 1.51 opens a sound-server client (PulseAudio, through pcaudiolib) when
    /// it is initialised, even for output it never plays, and libpulse
    /// prints to standard error when it cannot make its folder (a user with
    /// no writable home): a line that is not narrate's. Called before any
    /// other thread writes there; a failure is reported by its result.
    private static func withStandardErrorSilenced<Result>(_ body: () -> Result) -> Result {
        let saved = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard saved >= 0, null >= 0, dup2(null, STDERR_FILENO) >= 0 else {
            if saved >= 0 { close(saved) }
            if null >= 0 { close(null) }
            return body()
        }
        close(null)
        defer {
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        return body()
    }

    /// espeak-ng's voices, without MBROLA voices (they need the separate
    /// `mbrola` program) and without variants.
    public func voices() -> [Voice] {
        if let cachedVoices { return cachedVoices }
        var result: [Voice] = []
        guard var cursor = library.listVoices(nil) else { return result }
        while let voicePointer = cursor.pointee {
            if let voice = Self.voice(from: voicePointer.pointee), !voice.identifier.hasPrefix("mb/") {
                result.append(voice)
            }
            cursor += 1
        }
        cachedVoices = result
        return result
    }

    public func render(_ request: SpeechRequest, onEvent: (SpeechEvent) -> Bool) throws(SpeechError) {
        guard let last = request.segments.last else { return }
        try select(voice: request.voice)
        // The base parameters also time the pause at the end: take the last
        // segment's.
        apply(last.parameters)
        let markup = ESpeakMarkup(request.segments)
        var flags = UInt32(espeakCHARS_UTF8)
        if markup.isSSML { flags |= UInt32(espeakSSML) }
        if request.endsClause { flags |= UInt32(espeakENDPAUSE) }
        if request.segments.contains(where: \.usesPhonemes) { flags |= UInt32(espeakPHONEMES) }
        readsPhonemeInput = flags & UInt32(espeakPHONEMES) != 0
        let status = withoutActuallyEscaping(onEvent) { handler in
            let context = RenderContext(markup: markup, handler: handler)
            return withExtendedLifetime(context) {
                let userData = Unmanaged.passUnretained(context).toOpaque()
                return markup.text.withCString { text in
                    library.synth(text, markup.text.utf8.count + 1, 0, POS_CHARACTER, 0, flags, nil, userData)
                }
            }
        }
        guard status == EE_OK else { throw .synthesisFailed("espeak_Synth returned \(status.rawValue)") }
    }

    /// Selects `voice`: an espeak-ng voice name or identifier, or any name
    /// the catalogue knows (``VoiceCatalog/voice(named:)``), such as the
    /// language tag `en-gb`, which espeak-ng itself does not take (its
    /// British voice is `gmw/en`; a Piper voice's `espeak.voice` may name it so).
    func select(voice: String) throws(SpeechError) {
        guard voice != currentVoice else { return }
        if library.setVoiceByName(voice) != EE_OK {
            let catalog = VoiceCatalog(voices())
            guard library.setVoiceByName(try catalog.voice(named: voice).identifier) == EE_OK else {
                throw .unknownVoice(voice, suggestions: catalog.closeMatches(to: voice))
            }
        }
        currentVoice = voice
    }

    private func apply(_ parameters: SpeechParameters) {
        _ = library.setParameter(espeakRATE, Int32(parameters.wordsPerMinute), 0)
        _ = library.setParameter(espeakPITCH, Int32(parameters.pitch), 0)
        _ = library.setParameter(espeakRANGE, Int32(parameters.pitchRange), 0)
        _ = library.setParameter(espeakVOLUME, Int32(parameters.volume), 0)
        _ = library.setParameter(espeakWORDGAP, Int32(parameters.wordGap), 0)
    }

    private static func voice(from raw: espeak_VOICE) -> Voice? {
        guard let identifier = raw.identifier.map({ String(cString: $0) }) else { return nil }
        let name = raw.name.map { String(cString: $0) } ?? identifier
        let gender: String? = switch raw.gender {
        case 1: "male"
        case 2: "female"
        default: nil
        }
        return Voice(identifier: identifier, name: name, languages: languages(raw.languages), gender: gender)
    }

    /// espeak's language list: repeated (priority byte, NUL-terminated tag),
    /// ended by a zero priority byte.
    private static func languages(_ pointer: UnsafePointer<CChar>?) -> [Voice.Language] {
        guard var cursor = pointer else { return [] }
        var languages: [Voice.Language] = []
        while cursor.pointee != 0 {
            let priority = Int(cursor.pointee)
            cursor += 1
            let tag = String(cString: cursor)
            languages.append(Voice.Language(tag.lowercased(), priority: priority))
            cursor += tag.utf8.count + 1
        }
        return languages
    }
}

/// What the C callback needs during one `espeak_Synth` call, reached through
/// the events' `user_data`.
private final class RenderContext {
    let markup: ESpeakMarkup
    let handler: (SpeechEvent) -> Bool
    var stopped = false

    init(markup: ESpeakMarkup, handler: @escaping (SpeechEvent) -> Bool) {
        self.markup = markup
        self.handler = handler
    }

    /// Handles one callback: events first (they point into this buffer or
    /// later), then the samples. Returns false to abort synthesis.
    func deliver(samples: UnsafeMutablePointer<Int16>?, count: Int, events: UnsafeMutablePointer<espeak_EVENT>) -> Bool {
        if stopped { return false }
        var event = events
        while event.pointee.type != espeakEVENT_LIST_TERMINATED {
            if event.pointee.type == espeakEVENT_WORD, !deliverWord(event.pointee) { return stop() }
            event += 1
        }
        if let samples, count > 0, !handler(.samples(UnsafeBufferPointer(start: samples, count: count))) {
            return stop()
        }
        return true
    }

    /// Passes a word on. espeak sometimes reports an empty word (length 0)
    /// left over from the previous call; those are dropped.
    private func deliverWord(_ event: espeak_EVENT) -> Bool {
        let length = Int(event.length)
        guard length > 0, let (segment, offset) = markup.location(ofPosition: Int(event.text_position)) else {
            return true
        }
        return handler(.word(segment: segment, range: offset..<(offset + length), sample: Int(event.sample)))
    }

    private func stop() -> Bool {
        stopped = true
        return false
    }
}

/// The synthesis callback: finds the render context through `user_data`.
private func eSpeakSynthCallback(
    _ samples: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let events, let userData = events.pointee.user_data else { return 0 }
    let context = Unmanaged<RenderContext>.fromOpaque(userData).takeUnretainedValue()
    return context.deliver(samples: samples, count: Int(count), events: events) ? 0 : 1
}

/// libespeak-ng, loaded when the first engine starts rather than linked: the
/// library pulls in the whole audio stack (PulseAudio, ALSA, X11…), which
/// would cost every `narrate import` several milliseconds of start-up.
struct ESpeakLibrary: @unchecked Sendable {  // immutable C function pointers
    typealias SynthCallback = @convention(c) (
        UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?
    ) -> Int32
    typealias Info = @convention(c) (UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> UnsafePointer<CChar>?
    typealias Initialize = @convention(c) (espeak_AUDIO_OUTPUT, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    typealias ListVoices = @convention(c) (UnsafeMutablePointer<espeak_VOICE>?)
        -> UnsafeMutablePointer<UnsafePointer<espeak_VOICE>?>?
    typealias SetParameter = @convention(c) (espeak_PARAMETER, Int32, Int32) -> espeak_ERROR
    typealias SetSynthCallback = @convention(c) (SynthCallback?) -> Void
    typealias SetVoiceByName = @convention(c) (UnsafePointer<CChar>?) -> espeak_ERROR
    typealias SetPhonemeTrace = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Void
    typealias TextToPhonemes = @convention(c) (UnsafeMutablePointer<UnsafeRawPointer?>?, Int32, Int32)
        -> UnsafePointer<CChar>?
    typealias Synth = @convention(c) (
        UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32, UnsafeMutablePointer<UInt32>?,
        UnsafeMutableRawPointer?
    ) -> espeak_ERROR

    let info: Info
    let initialize: Initialize
    let listVoices: ListVoices
    let setParameter: SetParameter
    let setSynthCallback: SetSynthCallback
    let setVoiceByName: SetVoiceByName
    let synth: Synth
    let setPhonemeTrace: SetPhonemeTrace
    let textToPhonemes: TextToPhonemes

    /// The library, loaded once per process.
    static let shared: Result<ESpeakLibrary, SpeechError> = Result { () throws(SpeechError) in try load() }

    private static let fileName = "libespeak-ng.so.1"

    private static func load() throws(SpeechError) -> ESpeakLibrary {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            throw .unavailable("cannot load espeak-ng (\(reason)); install the espeak-ng package")
        }
        func symbol<Function>(_ name: String, as type: Function.Type) throws(SpeechError) -> Function {
            guard let address = dlsym(handle, name) else {
                throw .unavailable("\(fileName) has no \(name); espeak-ng 1.49 or later is needed")
            }
            return unsafeBitCast(address, to: type)
        }
        return ESpeakLibrary(
            info: try symbol("espeak_Info", as: Info.self),
            initialize: try symbol("espeak_Initialize", as: Initialize.self),
            listVoices: try symbol("espeak_ListVoices", as: ListVoices.self),
            setParameter: try symbol("espeak_SetParameter", as: SetParameter.self),
            setSynthCallback: try symbol("espeak_SetSynthCallback", as: SetSynthCallback.self),
            setVoiceByName: try symbol("espeak_SetVoiceByName", as: SetVoiceByName.self),
            synth: try symbol("espeak_Synth", as: Synth.self),
            setPhonemeTrace: try symbol("espeak_SetPhonemeTrace", as: SetPhonemeTrace.self),
            textToPhonemes: try symbol("espeak_TextToPhonemes", as: TextToPhonemes.self))
    }
}
