import BookModel

/// Runs a ``ReaderState`` against a ``ReaderVoice`` and a clock: starts each
/// sentence, follows its word timing, moves on when it ends, and silences the
/// voice before every move so speech never lags behind the text.
///
/// Time is passed in (seconds on any monotonic clock), so tests drive it.
public final class ReaderSession {
    /// Where the reader is.
    public private(set) var state: ReaderState
    /// The speech side.
    public let voice: any ReaderVoice
    /// The book's language, passed to the voice.
    public let language: String?

    private var timing: ReaderSpeechTiming?
    private var startedAt = 0.0
    /// Page offset of the first scalar of the text being spoken.
    private var base = 0

    /// Seconds an empty page stays on screen before reading moves on.
    public static let emptyPageDelay = 1.5

    public init(state: ReaderState, voice: any ReaderVoice, language: String? = nil) {
        self.state = state
        self.voice = voice
        self.language = language
    }

    /// Starts reading (unless paused).
    public func begin(at now: Double) throws {
        try speak(from: nil, at: now)
    }

    /// Interrupts the speech, applies the move and continues from the new
    /// place. Changing speed restarts the current sentence's rest at the new
    /// speed; pausing keeps the current word for resuming.
    public func perform(_ move: ReaderMove, at now: Double) throws {
        let resumeFrom = state.word?.lowerBound
        interrupt()
        state.apply(move)
        switch move {
        case .faster, .slower, .togglePause: try speak(from: resumeFrom, at: now)
        default: try speak(from: nil, at: now)
        }
    }

    /// Follows the clock: updates the spoken word and moves to the next
    /// sentence when one ends. Returns whether anything visible changed.
    @discardableResult
    public func update(at now: Double) throws -> Bool {
        guard let timing else { return false }
        let elapsed = now - startedAt
        if elapsed >= timing.duration {
            interrupt()
            state.advance()
            try speak(from: nil, at: now)
            return true
        }
        let word = timing.word(at: elapsed).map { ($0.lowerBound + base)..<($0.upperBound + base) }
        guard word != state.word else { return false }
        state.word = word
        return true
    }

    /// When ``update(at:)`` should next be called; `nil` while silent.
    public func nextDeadline(after now: Double) -> Double? {
        timing.map { startedAt + $0.nextChange(after: now - startedAt) }
    }

    /// Estimated seconds until the end of the current page at the current
    /// speed.
    public var timeLeftOnPage: Double {
        let page = state.page
        guard page.sentences.indices.contains(state.sentence) else { return 0 }
        let from = state.word?.lowerBound ?? page.sentences[state.sentence].range.lowerBound
        let end = page.sentences[page.sentences.count - 1].range.upperBound
        let request = self.request(from: from, to: end)
        return MutedVoice.estimate(request).duration
    }

    /// Silences the voice (quitting, errors).
    public func interrupt() {
        voice.stop()
        timing = nil
    }

    private func speak(from offset: Int?, at now: Double) throws {
        guard !state.isPaused else { return }
        let page = state.page
        guard page.sentences.indices.contains(state.sentence) else {
            timing = ReaderSpeechTiming(words: [], duration: Self.emptyPageDelay)
            startedAt = now
            return
        }
        let sentence = page.sentences[state.sentence]
        let words = page.words(of: state.sentence)
        let first = words.first { $0.upperBound > (offset ?? 0) }?.lowerBound ?? sentence.range.lowerBound
        base = first
        timing = try voice.start(request(from: first, to: page.spokenRange(of: state.sentence).upperBound))
        startedAt = now
        state.word = nil
        try update(at: now)
    }

    /// The request for the page text from `start` to `end`, in utterance
    /// segments.
    private func request(from start: Int, to end: Int) -> ReaderSpeechRequest {
        let page = state.page
        var segments: [ReaderSpeechRequest.Segment] = []
        var offset = 0
        for utterance in page.utterances {
            let count = utterance.text.unicodeScalars.count
            defer { offset += count }
            let lower = max(start, offset), upper = min(end, offset + count)
            guard lower < upper else { continue }
            let piece = lower..<upper
            let text = String(String.UnicodeScalarView(page.scalars[piece]))
            segments.append(.init(text: text, prosody: utterance.prosody, language: utterance.language))
        }
        let words = ReaderPage.words(in: page.scalars, range: start..<end).map { ($0.lowerBound - start)..<($0.upperBound - start) }
        return ReaderSpeechRequest(segments: segments, words: words, wordsPerMinute: state.wordsPerMinute, language: language)
    }
}
