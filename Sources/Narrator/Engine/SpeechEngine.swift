/// A speech synthesiser that renders text to 16-bit mono samples and reports
/// where each word falls in them.
///
/// ``ESpeakEngine`` is the real one; ``RecordingSpeechEngine`` records calls for
/// tests. Engines are not thread-safe: create one per process and make every
/// call from one thread.
public protocol SpeechEngine: AnyObject {
    /// Samples per second of the audio ``render(_:onEvent:)`` delivers.
    var sampleRate: Int { get }

    /// The voices the engine offers, in the engine's order.
    func voices() -> [Voice]

    /// Renders one request, delivering samples and word events in order.
    ///
    /// - Parameters:
    ///   - request: the voice, the text segments with their parameters, and
    ///     whether the request ends a clause.
    ///   - onEvent: called for every buffer of samples and every event; return
    ///     `false` to stop rendering as soon as possible (the call then returns
    ///     without error).
    /// - Throws: ``SpeechError`` when the voice is unknown or the engine fails.
    func render(_ request: SpeechRequest, onEvent: (SpeechEvent) -> Bool) throws(SpeechError)
}

/// One voice an engine offers.
public struct Voice: Hashable, Sendable {
    /// The name to pass to `--voice`, such as `en-gb` or `fr`.
    public var identifier: String
    /// A human-readable name, such as `English_(Great_Britain)`.
    public var name: String
    /// The languages the voice speaks, in the engine's order.
    public var languages: [Language]
    /// `male`, `female` or `nil` when the engine does not say.
    public var gender: String?
    /// The engine that speaks it: `espeak-ng` or `piper`.
    public var engine: String
    /// Samples per second of its audio.
    public var sampleRate: Int

    public init(
        identifier: String, name: String, languages: [Language], gender: String? = nil, engine: String = "espeak-ng",
        sampleRate: Int = 22050
    ) {
        self.identifier = identifier
        self.name = name
        self.languages = languages
        self.gender = gender
        self.engine = engine
        self.sampleRate = sampleRate
    }
}

extension Voice {
    /// A language a voice speaks and how well it suits it.
    public struct Language: Hashable, Sendable {
        /// Lower-case BCP 47 tag, such as `en-gb`.
        public var tag: String
        /// espeak's priority: lower numbers suit the language better.
        public var priority: Int

        public init(_ tag: String, priority: Int = 5) {
            self.tag = tag
            self.priority = priority
        }
    }
}

/// Speech parameters in espeak-ng's own units, already mapped from AVSpeech
/// values by ``ProsodyMapping``.
public struct SpeechParameters: Hashable, Sendable {
    /// Speaking rate in words per minute (80…700; 175 is normal).
    public var wordsPerMinute: Int
    /// Base pitch, 0…100 (50 is the voice's normal pitch).
    public var pitch: Int
    /// Pitch range (intonation), 0…100 (50 is normal, 0 is monotone).
    public var pitchRange: Int
    /// Amplitude, 0…200 (100 is normal; above that the signal may clip).
    public var volume: Int
    /// Extra pause after each word, in espeak-ng's units (10 ms at normal
    /// speed, about 30 ms at 80 wpm); 0 by default. What makes rates below
    /// espeak's floor of 80 wpm real (see ``ProsodyMapping``).
    public var wordGap: Int

    /// espeak-ng's defaults: 175 wpm, pitch 50, range 50, volume 100.
    public static let normal = SpeechParameters(wordsPerMinute: 175, pitch: 50, pitchRange: 50, volume: 100)

    public init(wordsPerMinute: Int, pitch: Int, pitchRange: Int, volume: Int, wordGap: Int = 0) {
        self.wordsPerMinute = wordsPerMinute
        self.pitch = pitch
        self.pitchRange = pitchRange
        self.volume = volume
        self.wordGap = wordGap
    }
}

/// A piece of text spoken with one set of parameters; usually one utterance.
public struct SpeechSegment: Hashable, Sendable {
    /// The text handed to the engine (see ``EngineInput``: spoken forms,
    /// ``SpeakableText``, pronunciations).
    public var text: String
    /// How to say it.
    public var parameters: SpeechParameters
    /// For each Unicode scalar of ``text``, the offset in the utterance
    /// string it stands for, when spoken forms or pronunciations changed
    /// its length; nil when each scalar stands at its own offset.
    public var sourceOffsets: [Int32]?
    /// Whether ``text`` holds espeak-ng phoneme input in `[[ ]]`.
    public var usesPhonemes: Bool

    public init(
        _ text: String, parameters: SpeechParameters = .normal, sourceOffsets: [Int32]? = nil, usesPhonemes: Bool = false
    ) {
        self.text = text
        self.parameters = parameters
        self.sourceOffsets = sourceOffsets
        self.usesPhonemes = usesPhonemes
    }
}

extension SpeechSegment {
    /// A range of ``text`` as a range of its utterance's string (through
    /// ``sourceOffsets``): what a word event reports, as espeak-ng's
    /// positions are mapped.
    public func sourceRange(of range: Range<Int>) -> Range<Int> {
        guard let offsets = sourceOffsets, range.lowerBound < offsets.count else { return range }
        let start = Int(offsets[range.lowerBound])
        let end = range.upperBound - 1 < offsets.count ? Int(offsets[range.upperBound - 1]) + 1 : start + 1
        return start..<max(end, start + 1)
    }
}

/// One call to the engine: segments spoken as connected speech, without the
/// engine's end-of-clause pause between them.
public struct SpeechRequest: Hashable, Sendable {
    /// Voice identifier, as listed by ``SpeechEngine/voices()``.
    public var voice: String
    /// The segments, in order; never empty.
    public var segments: [SpeechSegment]
    /// True when the last segment ends a clause or sentence: the engine then
    /// adds its usual pause at the end. False keeps the speech running on into
    /// the next request.
    public var endsClause: Bool

    public init(voice: String, segments: [SpeechSegment], endsClause: Bool) {
        self.voice = voice
        self.segments = segments
        self.endsClause = endsClause
    }
}

/// What an engine reports while rendering. Sample positions count from the
/// start of the request's audio.
public enum SpeechEvent {
    /// The next samples of audio, valid only during the call.
    case samples(UnsafeBufferPointer<Int16>)
    /// A word starts at `sample`; `range` is its position in the segment's
    /// utterance string, in Unicode scalars (its place in the segment's text
    /// mapped through ``SpeechSegment/sourceRange(of:)``).
    case word(segment: Int, range: Range<Int>, sample: Int)
}

/// Why an engine could not speak.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The engine's data or library could not be loaded.
    case unavailable(String)
    /// Another engine already exists in this process.
    case engineInUse
    /// No voice has this identifier; `suggestions` are close names.
    case unknownVoice(String, suggestions: [String])
    /// The engine reported an error while synthesising.
    case synthesisFailed(String)

    public var description: String {
        switch self {
        case .unavailable(let message): "speech engine unavailable: \(message)"
        case .engineInUse: "a speech engine is already running in this process"
        case .unknownVoice(let name, let suggestions):
            "unknown voice '\(name)'"
                + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?")
                + " (narrate voices lists them)"
        case .synthesisFailed(let message): "speech synthesis failed: \(message)"
        }
    }
}
