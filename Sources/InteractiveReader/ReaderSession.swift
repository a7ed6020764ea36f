import BookModel
import TextPrimitives

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
    /// ``beatsLeft(in:)`` of the page last asked about.
    private var beatsLeft: (page: Int, suffix: [Double])?

    /// Seconds an empty page stays on screen before reading moves on.
    public static let emptyPageDelay = 1.5
    /// How far back, in scalars, the paragraphs of a request's context may
    /// start (its own paragraph is there whatever its length).
    static let contextReach = 2_000

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
            // The sentence is over: the voice goes on to the next without
            // being stopped, so a player can run on without a gap.
            self.timing = nil
            state.advance()
            try speak(from: nil, at: Self.nextStart(end: startedAt + timing.duration, noticedAt: now))
            return true
        }
        let word = heardWord(timing, at: elapsed)
        guard word != state.word else { return false }
        state.word = word
        return true
    }

    /// When ``update(at:)`` should next be called; `nil` while silent. That
    /// is `now` when the highlight is already behind: a sentence's first
    /// word can be due before its rendering is done.
    public func nextDeadline(after now: Double) -> Double? {
        guard let timing else { return nil }
        let elapsed = now - startedAt
        if heardWord(timing, at: elapsed) != state.word { return now }
        return startedAt + timing.nextChange(after: elapsed)
    }

    /// The word heard `elapsed` seconds into `timing`, as page offsets.
    private func heardWord(_ timing: ReaderSpeechTiming, at elapsed: Double) -> Range<Int>? {
        timing.word(at: elapsed).map { ($0.lowerBound + base)..<($0.upperBound + base) }
    }

    /// Estimated seconds until the end of the current page at the current
    /// speed, from the words left (authored delays not counted).
    public func timeLeftOnPage() -> Double {
        let page = state.page
        guard page.sentences.indices.contains(state.sentence) else { return 0 }
        if beatsLeft?.page != state.pageIndex { beatsLeft = (state.pageIndex, Self.beatsLeft(in: page)) }
        let from = state.word?.lowerBound ?? 0
        let current = page.words(of: state.sentence).filter { $0.upperBound > from }
            .reduce(0) { $0 + MutedVoice.length(of: page.scalars[$1]) }
        let after = beatsLeft?.suffix[state.sentence + 1] ?? 0
        return (current + after) * MutedVoice.beatSeconds(speed: state.speed)
    }

    /// For each sentence, the beats (see ``MutedVoice``) of it and all that
    /// follow on the page; one more entry, 0, for the end.
    private static func beatsLeft(in page: ReaderPage) -> [Double] {
        var suffix = [Double](repeating: 0, count: page.sentences.count + 1)
        for sentence in page.sentences.indices.reversed() {
            let beats = page.words(of: sentence).reduce(0) { $0 + MutedVoice.length(of: page.scalars[$1]) }
            suffix[sentence] = suffix[sentence + 1] + beats
        }
        return suffix
    }

    /// How late the end of a sentence may be noticed for the next sentence
    /// still to be heard straight after it.
    static let gaplessLateness = 0.1

    /// When the next sentence is heard: its sound follows the last one's
    /// without a gap, so its schedule starts where the last one ends, not
    /// when the end was noticed (a little later every time, which made the
    /// highlight fall further behind the sound with every sentence). An end
    /// noticed very late (the process was stopped) starts it now.
    static func nextStart(end: Double, noticedAt now: Double) -> Double {
        now - end <= gaplessLateness ? end : now
    }

    /// Silences the voice (before a move, on quitting and on errors).
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
            segments.append(.init(text: text, prosody: utterance.prosody, language: utterance.language,
                pronunciations: utterance.pronunciations.within((lower - offset)..<(upper - offset))))
        }
        let words = ReaderPage.words(in: page.scalars, range: start..<end).map { ($0.lowerBound - start)..<($0.upperBound - start) }
        // The paragraph before the sentence, and earlier ones that start
        // within 2,000 scalars of it (quoted verse set line by line); the
        // text after it as far as the dialogue voice reads ahead.
        let paragraphStart = page.scalars[..<start].lastIndex(of: "\n").map { $0 + 1 } ?? 0
        let reach = max(0, start - Self.contextReach)
        let contextStart = reach == 0 ? 0 : page.scalars[reach..<start].firstIndex(of: "\n").map { $0 + 1 } ?? paragraphStart
        let context = String(String.UnicodeScalarView(page.scalars[contextStart..<start]))
        let following = String(String.UnicodeScalarView(
            page.scalars[end..<min(page.scalars.count, end + QuotationDepth.continuationText)]))
        return ReaderSpeechRequest(
            segments: segments, words: words, speed: state.speed, language: language, context: context, following: following)
    }
}
