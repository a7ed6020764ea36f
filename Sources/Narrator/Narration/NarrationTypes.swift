import BookModel

/// Where an utterance is in a book: 0-based page and utterance indices.
public struct UtterancePosition: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Index into ``Book/pages``.
    public var page: Int
    /// Index into the page's ``Page/utterances``.
    public var utterance: Int

    public init(page: Int, utterance: Int) {
        self.page = page
        self.utterance = utterance
    }

    public static func < (a: Self, b: Self) -> Bool { (a.page, a.utterance) < (b.page, b.utterance) }

    /// `page P, utterance U`, counting from 1 as users do.
    public var description: String { "page \(page + 1), utterance \(utterance + 1)" }
}

/// When a word is heard, in samples from the start of the output.
public struct WordTiming: Hashable, Sendable, Codable {
    /// The word as it appears in the utterance string.
    public var text: String
    /// Its place in the utterance string, in Unicode scalars.
    public var range: Range<Int>
    /// First sample of the word.
    public var startSample: Int
    /// One past its last sample (the next word's start, or the end of speech).
    public var endSample: Int
    /// The voice that spoke it when a narration has several for one book
    /// (`--dialogue-voice`); nil otherwise.
    public var voice: String?

    public init(text: String, range: Range<Int>, startSample: Int, endSample: Int, voice: String? = nil) {
        self.voice = voice
        self.text = text
        self.range = range
        self.startSample = startSample
        self.endSample = endSample
    }
}

/// When an utterance is heard, with its words.
public struct UtteranceTiming: Hashable, Sendable, Codable {
    public var position: UtterancePosition
    /// The utterance string, as authored.
    public var text: String
    /// Where the text came from, when known.
    public var source: SourceLocation?
    /// First sample of its speech (after any pre-utterance delay).
    public var startSample: Int
    /// One past its last sample of speech (before any post-utterance delay).
    public var endSample: Int
    /// Its words in order; empty for punctuation-only utterances.
    public var words: [WordTiming]
    /// The utterance's own BCP 47 language when it is not the book's; nil for the book's.
    public var language: String?

    public init(
        position: UtterancePosition, text: String, source: SourceLocation?, startSample: Int, endSample: Int,
        words: [WordTiming], language: String? = nil
    ) {
        self.language = language
        self.position = position
        self.text = text
        self.source = source
        self.startSample = startSample
        self.endSample = endSample
        self.words = words
    }
}

/// How far a narration has got.
public struct NarrationProgress: Hashable, Sendable {
    /// The page being read (0-based) and the number of pages in the book.
    public var page: Int
    public var pageCount: Int
    /// Characters of the selection spoken so far, and in all.
    public var charactersDone: Int
    public var charactersTotal: Int
    /// Audio produced so far, in samples.
    public var samplesWritten: Int
    /// The share of the selection done, from 0 to 1, estimated from how far
    /// into the input the narration is, when the characters still to come
    /// are not known (a streamed book); nil to use the characters. A
    /// ``pageCount`` of 0 means the number of pages is not known either.
    public var estimatedFraction: Double? = nil

    public init(
        page: Int, pageCount: Int, charactersDone: Int, charactersTotal: Int, samplesWritten: Int,
        estimatedFraction: Double? = nil
    ) {
        self.page = page
        self.pageCount = pageCount
        self.charactersDone = charactersDone
        self.charactersTotal = charactersTotal
        self.samplesWritten = samplesWritten
        self.estimatedFraction = estimatedFraction
    }
}

/// What a narration produced.
public struct NarrationResult: Hashable, Sendable {
    /// Samples written to the sink, delays included.
    public var samplesWritten: Int
    /// Utterances whose speech was rendered completely.
    public var utterancesSpoken: Int
    /// True when ``Narrator/narrate(to:observer:shouldStop:)`` stopped early.
    public var wasInterrupted: Bool
}

/// Receives what a narration does, as it happens. Every method has an empty
/// default.
public protocol NarrationObserver: AnyObject {
    /// A page begins at `sample`.
    func pageStarted(_ page: Int, atSample sample: Int)
    /// An utterance has been rendered; its timing is final.
    func utteranceSpoken(_ timing: UtteranceTiming)
    /// Called after each group of utterances.
    func progressed(_ progress: NarrationProgress)
}

extension NarrationObserver {
    public func pageStarted(_ page: Int, atSample sample: Int) {}
    public func utteranceSpoken(_ timing: UtteranceTiming) {}
    public func progressed(_ progress: NarrationProgress) {}
}

/// Why a narration could not start or go on.
public enum NarrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--pages` or `--from` points outside the book.
    case invalidSelection(String)
    /// A streamed book's input failed part way (its importer's message).
    case input(String)
    case speech(SpeechError)
    case output(OutputError)

    public var description: String {
        switch self {
        case .invalidSelection(let message), .input(let message): message
        case .speech(let error): error.description
        case .output(let error): error.description
        }
    }
}

/// What to read and how.
public struct NarrationOptions: Hashable, Sendable, Codable {
    /// The voice for every utterance (`--voice`); nil chooses by language.
    public var voice: String?
    /// The AVSpeech → espeak mapping with the command line's scales.
    public var mapping: ProsodyMapping
    /// Pages to read, 1-based and inclusive (`--pages 3-5`); nil reads all.
    public var pages: ClosedRange<Int>?
    /// Where to begin (`--from`), 0-based; nil starts at the first selected page.
    public var start: UtterancePosition?
    /// The engine whose voices come first (`--engine`); espeak-ng by default.
    public var engine: EngineKind = .espeak
    /// Where Piper voices are installed (`--voices-dir`); nil for
    /// ``PiperVoiceDirectory/standard``.
    public var voicesDirectory: String?
    /// Delays are the silence between speech (`--pause`): the engine's own
    /// silence before and after speech that borders a delay is taken out,
    /// so a 0.6 s delay is heard as 0.6 s. False (the default) adds delays
    /// to the engine's silence, as narrate always has.
    public var exactPauses = false
    /// The voice for quoted speech (`--dialogue-voice`); narration and
    /// speech tags keep the main voice. Nil speaks everything in one voice.
    public var dialogueVoice: String?
    /// Voices for chapters and for the speakers speech tags name
    /// (`--voice-map`); nil for none.
    public var voiceMap: VoiceMap?

    public init(
        voice: String? = nil, mapping: ProsodyMapping = ProsodyMapping(), pages: ClosedRange<Int>? = nil,
        start: UtterancePosition? = nil
    ) {
        self.voice = voice
        self.mapping = mapping
        self.pages = pages
        self.start = start
    }
}
