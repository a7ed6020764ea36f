import Narrator
import ReadAlong

/// Everything about one `narrate align`: the book, the recording, how the
/// text is synthesised for reference, and what is written.
public struct AlignJob: Codable, Hashable, Sendable {
    /// The book and every choice of how it is read (pages, notes, contents…).
    public var book: BookRequest
    /// The recording's files, in the order they are heard.
    public var audio: [String]
    /// The reference speech's voice, rate and pages; espeak-ng by default.
    public var narration: NarrationOptions
    /// The read-along book written (`-o`); nil for timings only.
    public var output: ReadAlongOutput?
    /// `--timings FILE` (.json, .srt, .vtt) in the recording's time; nil for none.
    public var timings: String?
    /// `--bitrate` was given: the read-along book's audio is the recording
    /// encoded again as MP3 at ``ReadAlongOutput/bitrate``, even where its
    /// own MP3 or AAC files could go in as they are.
    public var reencodes: Bool
    /// The reference is spoken again at the recording's pace when the two
    /// differ by more than ``AlignJob/paceTolerance`` (no `--rate` given).
    public var matchesPace: Bool
    /// English words are placed by a speech recogniser (PocketSphinx) when
    /// it is installed, else by the warping (`--no-recognizer`).
    public var recognizesWords: Bool

    /// Paces within this factor of each other are aligned as they are.
    public static let paceTolerance = 1.15

    public init(
        book: BookRequest, audio: [String], narration: NarrationOptions, output: ReadAlongOutput?, timings: String?, reencodes: Bool = false,
        matchesPace: Bool = true, recognizesWords: Bool = true
    ) {
        self.matchesPace = matchesPace
        self.recognizesWords = recognizesWords
        self.book = book
        self.audio = audio
        self.narration = narration
        self.output = output
        self.timings = timings
        self.reencodes = reencodes
    }
}

extension AlignJob {
    /// Whether any output shows word times: a read-along book synced by
    /// word, JSON timings or WebVTT (its inline word timestamps).
    var wantsWords: Bool {
        output?.sync == .word || timings.flatMap(TimingsFormat.init(path:)).map { $0 != .srt } == true
    }
}
