import BookModel

/// Speaks a book, or part of it, through a speech engine into an audio sink,
/// honouring every utterance's prosody and reporting word timings.
///
/// The command line narrates a whole selection with
/// ``narrate(to:observer:shouldStop:)``; an interactive reader can call
/// ``speak(_:to:observer:shouldStop:)`` for one utterance or page at a time.
/// Both stop promptly (within one engine buffer) when `shouldStop` turns true.
public final class Narrator {
    /// The book being read. For a narrator made from a ``PageStream`` it
    /// holds the metadata only: the pages are read as they are spoken.
    public let book: Book
    public let engine: any SpeechEngine
    public let options: NarrationOptions
    /// Languages of the selection that no voice speaks (narration goes on in
    /// the book's voice) and delays too long to write in full. A streamed
    /// narration reports those it meets later to ``warningHandler``.
    public private(set) var warnings: [Warning] = []
    /// Receives warnings met while a streamed narration goes on: the
    /// stream's import warnings and languages no voice speaks, each once.
    public var warningHandler: ([Warning]) -> Void = { _ in }
    /// One warning for the whole book when prosody lies outside AVSpeech's
    /// ranges (it is clamped); nil when all is in range. Importers report the
    /// same values, so the command line does not print this one again.
    public let prosodyWarning: Warning?
    /// The utterances ``narrate(to:observer:shouldStop:)`` reads, in order;
    /// empty for a streamed narration, which finds them as it goes.
    public let selection: [UtterancePosition]
    /// The pages to read, for a narrator made from a stream.
    let stream: (any PageStream)?
    private let catalog: VoiceCatalog
    private let fixedVoice: String?
    private let bookVoice: String
    private var voicesByLanguage: [String: String] = [:]
    /// Output position in samples: where the next sample will land.
    public private(set) var clock = 0

    /// Prepares a narration: resolves the voice and the selection and checks
    /// the prosody.
    /// - Throws: ``NarrationError/speech(_:)`` for an unknown `--voice`,
    ///   ``NarrationError/invalidSelection(_:)`` for pages outside the book.
    public convenience init(book: Book, engine: any SpeechEngine, options: NarrationOptions = NarrationOptions())
        throws(NarrationError)
    {
        try self.init(book: book, stream: nil, engine: engine, options: options)
    }

    /// Prepares the narration of a book read page by page as it is spoken,
    /// so that memory does not grow with the book's length. The selection
    /// (``NarrationOptions/pages``, ``NarrationOptions/start``) still counts
    /// the pages of the whole book; pages after it are never read. Pages
    /// outside the book are reported when the stream ends.
    /// - Throws: ``NarrationError/speech(_:)`` for an unknown `--voice`.
    public convenience init(
        stream: any PageStream, engine: any SpeechEngine, options: NarrationOptions = NarrationOptions()
    ) throws(NarrationError) {
        try self.init(book: Book(metadata: stream.metadata), stream: stream, engine: engine, options: options)
    }

    private init(book: Book, stream: (any PageStream)?, engine: any SpeechEngine, options: NarrationOptions)
        throws(NarrationError)
    {
        self.book = book
        self.stream = stream
        self.engine = engine
        self.options = options
        let catalog = VoiceCatalog(engine.voices())
        self.catalog = catalog
        do throws(SpeechError) {
            fixedVoice = try options.voice.map { (name) throws(SpeechError) in try catalog.voice(named: name).identifier }
        } catch { throw .speech(error) }
        let english = catalog.voice(forLanguage: "en")?.identifier ?? catalog.voices.first?.identifier ?? "en"
        bookVoice = book.metadata.language.flatMap { catalog.voice(forLanguage: $0)?.identifier } ?? english
        selection = stream == nil ? try Self.selection(of: book, pages: options.pages, start: options.start) : []
        if let language = book.metadata.language, catalog.voice(forLanguage: language) == nil, fixedVoice == nil {
            warnings.append(Warning("no voice speaks the book's language '\(language)'; reading it in English"))
        }
        prosodyWarning = Self.prosodyWarning(book)
        if let warning = Self.delayWarning(book) { warnings.append(warning) }
        warnings += resolveLanguages(of: selection.lazy.map { self.utterance(at: $0) })
    }

    /// Reads the whole selection into `sink`, then finishes the sink.
    /// - Returns: how much was written and whether `shouldStop` cut it short.
    public func narrate(
        to sink: any AudioSink, observer: (any NarrationObserver)? = nil, shouldStop: () -> Bool = { false }
    ) throws(NarrationError) -> NarrationResult {
        let result = if let stream {
            try speak(stream, to: sink, observer: observer, shouldStop: shouldStop)
        } else {
            try speak(selection, to: sink, observer: observer, shouldStop: shouldStop)
        }
        do throws(OutputError) { try sink.finish() } catch { throw .output(error) }
        return result
    }

    /// Speaks the given utterances in order into `sink` (which stays open),
    /// continuing the output clock of earlier calls. An interactive reader
    /// passes one page (``positions(onPage:)``) or the rest of one.
    /// - Throws: ``NarrationError/invalidSelection(_:)`` for a position
    ///   outside the book; speech and output errors as they happen.
    public func speak(
        _ positions: [UtterancePosition], to sink: any AudioSink, observer: (any NarrationObserver)? = nil,
        shouldStop: () -> Bool = { false }
    ) throws(NarrationError) -> NarrationResult {
        if let bad = positions.first(where: { !contains($0) }) {
            throw .invalidSelection("\(bad) is outside the book")
        }
        var next = positions.makeIterator()
        let progress = NarrationProgress(
            page: positions.first?.page ?? 0, pageCount: book.pages.count, charactersDone: 0,
            charactersTotal: positions.reduce(0) { $0 + utterance(at: $1).text.unicodeScalars.count },
            samplesWritten: clock)
        return try speak(
            next: { next.next().map { ($0, utterance(at: $0)) } }, progress: progress, to: sink, observer: observer,
            shouldStop: shouldStop)
    }

    /// Speaks what `next` yields, in order, into `sink`: the loop both the
    /// whole-book and the streamed narration run, so they say the same.
    /// - Parameter estimate: the share of the work done, when
    ///   `charactersTotal` is unknown; called after each group.
    func speak(
        next: () throws(NarrationError) -> (UtterancePosition, Utterance)?, progress: NarrationProgress,
        estimate: ((Int) -> Double)? = nil, to sink: any AudioSink, observer: (any NarrationObserver)?,
        shouldStop: () -> Bool
    ) throws(NarrationError) -> NarrationResult {
        let renderer = GroupRenderer(engine: engine, mapping: options.mapping, sink: sink)
        var grouper = SpeechGrouper { [unowned self] utterance in voice(for: utterance) }
        var progress = progress
        var spoken = 0
        let startClock = clock
        func result(interrupted: Bool) -> NarrationResult {
            NarrationResult(samplesWritten: clock - startClock, utterancesSpoken: spoken, wasInterrupted: interrupted)
        }
        func render(_ group: SpeechGroup) throws(NarrationError) -> Bool {
            let outcome = try renderer.render(group, clock: &clock, shouldStop: shouldStop)
            for timing in outcome.timings { observer?.utteranceSpoken(timing) }
            spoken += outcome.timings.count
            progress.charactersDone += group.utterances.reduce(0) { $0 + $1.text.unicodeScalars.count }
            progress.samplesWritten = clock
            progress.estimatedFraction = estimate?(progress.charactersDone)
            observer?.progressed(progress)
            return !outcome.wasInterrupted
        }
        var lastPage: Int?
        while let (position, utterance) = try next() {
            if shouldStop() { return result(interrupted: true) }
            for group in grouper.add(utterance, at: position) where try !render(group) {
                return result(interrupted: true)
            }
            if position.page != lastPage {
                lastPage = position.page
                progress.page = position.page
                observer?.pageStarted(position.page, atSample: clock)
            }
        }
        if let last = grouper.finish(), try !render(last) { return result(interrupted: true) }
        return result(interrupted: false)
    }

    /// The positions of every utterance on a page (0-based); empty for a page
    /// outside the book.
    public func positions(onPage page: Int) -> [UtterancePosition] {
        guard book.pages.indices.contains(page) else { return [] }
        return book.pages[page].utterances.indices.map { UtterancePosition(page: page, utterance: $0) }
    }

    /// Whether a position names an utterance of ``book``.
    public func contains(_ position: UtterancePosition) -> Bool {
        book.pages.indices.contains(position.page) && book.pages[position.page].utterances.indices.contains(position.utterance)
    }

    /// The utterance at a position of ``book`` (which must be inside it; see
    /// ``contains(_:)``).
    public func utterance(at position: UtterancePosition) -> Utterance {
        book.pages[position.page].utterances[position.utterance]
    }

    /// `--voice`, else the utterance's language, else the book's, else English.
    func voice(for utterance: Utterance) -> String {
        if let fixedVoice { return fixedVoice }
        guard let language = utterance.language else { return bookVoice }
        if let known = voicesByLanguage[language] { return known }
        let voice = catalog.voice(forLanguage: language)?.identifier ?? bookVoice
        voicesByLanguage[language] = voice
        return voice
    }

    /// Finds a voice for every new utterance language among `utterances`;
    /// returns a warning for each language no voice speaks.
    func resolveLanguages(of utterances: some Sequence<Utterance>) -> [Warning] {
        guard fixedVoice == nil else { return [] }
        var warnings: [Warning] = []
        for utterance in utterances {
            guard let language = utterance.language, voicesByLanguage[language] == nil else { continue }
            let voice = catalog.voice(forLanguage: language)
            if voice == nil { warnings.append(Warning("no voice speaks '\(language)'; using the book's voice")) }
            voicesByLanguage[language] = voice?.identifier ?? bookVoice
        }
        return warnings
    }
}
