import BookModel

/// Speaks a book, or part of it, through a speech engine into an audio sink,
/// honouring every utterance's prosody and reporting word timings.
///
/// The command line narrates a whole selection with
/// ``narrate(to:observer:shouldStop:)``; an interactive reader can call
/// ``speak(_:to:observer:shouldStop:)`` for one utterance or page at a time.
/// Both stop promptly (within one engine buffer) when `shouldStop` turns true.
public final class Narrator {
    public let book: Book
    public let engine: any SpeechEngine
    public let options: NarrationOptions
    /// Languages of the selection that no voice speaks (narration goes on in
    /// the book's voice) and delays too long to write in full.
    public private(set) var warnings: [Warning] = []
    /// One warning for the whole book when prosody lies outside AVSpeech's
    /// ranges (it is clamped); nil when all is in range. Importers report the
    /// same values, so the command line does not print this one again.
    public let prosodyWarning: Warning?
    /// The utterances ``narrate(to:observer:shouldStop:)`` reads, in order.
    public let selection: [UtterancePosition]
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
    public init(book: Book, engine: any SpeechEngine, options: NarrationOptions = NarrationOptions())
        throws(NarrationError)
    {
        self.book = book
        self.engine = engine
        self.options = options
        let catalog = VoiceCatalog(engine.voices())
        self.catalog = catalog
        do throws(SpeechError) {
            fixedVoice = try options.voice.map { (name) throws(SpeechError) in try catalog.voice(named: name).identifier }
        } catch { throw .speech(error) }
        let english = catalog.voice(forLanguage: "en")?.identifier ?? catalog.voices.first?.identifier ?? "en"
        bookVoice = book.metadata.language.flatMap { catalog.voice(forLanguage: $0)?.identifier } ?? english
        selection = try Self.selection(of: book, pages: options.pages, start: options.start)
        if let language = book.metadata.language, catalog.voice(forLanguage: language) == nil, fixedVoice == nil {
            warnings.append(Warning("no voice speaks the book's language '\(language)'; reading it in English"))
        }
        prosodyWarning = Self.prosodyWarning(book)
        if let warning = Self.delayWarning(book) { warnings.append(warning) }
        resolveUtteranceLanguages()
    }

    /// Reads the whole selection into `sink`, then finishes the sink.
    /// - Returns: how much was written and whether `shouldStop` cut it short.
    public func narrate(
        to sink: any AudioSink, observer: (any NarrationObserver)? = nil, shouldStop: () -> Bool = { false }
    ) throws(NarrationError) -> NarrationResult {
        let result = try speak(selection, to: sink, observer: observer, shouldStop: shouldStop)
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
        let renderer = GroupRenderer(engine: engine, mapping: options.mapping, sink: sink)
        var grouper = SpeechGrouper { [unowned self] utterance in voice(for: utterance) }
        var progress = NarrationProgress(
            page: positions.first?.page ?? 0, pageCount: book.pages.count, charactersDone: 0,
            charactersTotal: positions.reduce(0) { $0 + utterance(at: $1).text.unicodeScalars.count },
            samplesWritten: clock)
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
            observer?.progressed(progress)
            return !outcome.wasInterrupted
        }
        var lastPage: Int?
        for position in positions {
            if shouldStop() { return result(interrupted: true) }
            for group in grouper.add(utterance(at: position), at: position) where try !render(group) {
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

    /// Finds a voice for every utterance language in the selection, with a
    /// warning for each language no voice speaks.
    private func resolveUtteranceLanguages() {
        guard fixedVoice == nil else { return }
        for position in selection {
            guard let language = utterance(at: position).language, voicesByLanguage[language] == nil else { continue }
            let voice = catalog.voice(forLanguage: language)
            if voice == nil { warnings.append(Warning("no voice speaks '\(language)'; using the book's voice")) }
            voicesByLanguage[language] = voice?.identifier ?? bookVoice
        }
    }
}
