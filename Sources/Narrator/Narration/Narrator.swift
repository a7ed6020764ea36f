import BookModel

/// Speaks a book, or part of it, through a speech engine into an audio sink,
/// honouring every utterance's prosody and reporting word timings.
///
/// The command line narrates a selection of a ``PageStream`` with
/// ``narrate(_:to:observer:shouldStop:)``, reading its pages as they are
/// spoken, so memory does not grow with the book's length; an interactive
/// reader calls ``speak(_:page:to:observer:shouldStop:)`` for one sentence
/// at a time. Both stop promptly (within one engine buffer) when
/// `shouldStop` turns true.
public final class Narrator {
    public let engine: any SpeechEngine
    public let options: NarrationOptions
    private let warnings: WarningSink
    private let catalog: VoiceCatalog
    private let fixedVoice: String?
    /// The dialogue voice and the voice map, resolved.
    private var casting: VoiceCasting
    /// The title of the page being read from a stream, for the voice map.
    private var pageTitle: String?
    private let bookVoice: String
    private var voicesByLanguage: [String: String] = [:]
    private var hasWarnedOfDelays = false
    /// The last group spoken ended with a delay (or none has been spoken):
    /// with exact pauses the next one's leading silence is cut.
    private var followsPause = true
    /// Voice and script pairs already warned of.
    private var unreadableScriptsWarned: Set<String> = []
    private let pronouncer: Pronouncer
    /// Output position in samples: where the next sample will land.
    public private(set) var clock = 0

    /// The voice the book's own text is read in: `--voice`, else the one
    /// for the book's language (dialogue and language changes aside).
    public var readingVoice: Voice? {
        let identifier = fixedVoice ?? bookVoice
        return catalog.voices.first { $0.identifier == identifier }
    }

    /// Prepares a narration: resolves the voice for the book's language.
    /// - Parameters:
    ///   - language: the book's language (``BookMetadata/language``); nil
    ///     reads in English unless `options` names a voice.
    ///   - warnings: where the narrator reports languages no voice speaks
    ///     and delays too long to write in full, as it meets them.
    /// - Throws: ``NarrationError/speech(_:)`` for an unknown `--voice`.
    public init(
        engine: any SpeechEngine, options: NarrationOptions = NarrationOptions(), language: String?,
        warnings: WarningSink = .ignoring
    ) throws(NarrationError) {
        self.engine = engine
        self.options = options
        self.warnings = warnings
        pronouncer = Pronouncer(warnings: warnings)
        let catalog = VoiceCatalog(engine.voices())
        self.catalog = catalog
        do throws(SpeechError) {
            fixedVoice = try options.voice.map { (name) throws(SpeechError) in try catalog.voice(named: name).identifier }
            let dialogueVoice = try options.dialogueVoice.map { (name) throws(SpeechError) in
                try catalog.voice(named: name).identifier
            }
            casting = VoiceCasting(dialogueVoice: dialogueVoice, map: try Self.resolved(options.voiceMap, in: catalog))
        } catch { throw .speech(error) }
        let english = catalog.voice(forLanguage: "en")?.identifier ?? catalog.voices.first?.identifier ?? "en"
        bookVoice = language.flatMap { catalog.voice(forLanguage: $0)?.identifier } ?? english
        if let language, catalog.voice(forLanguage: language) == nil, fixedVoice == nil {
            warnings.warn("no voice speaks the book's language '\(language)'; reading it in English")
        }
    }

    /// Reads the selection (``NarrationOptions/pages``,
    /// ``NarrationOptions/start``) of `stream` into `sink`, then finishes the
    /// sink. Pages are pulled one at a time, counting every page of the book
    /// so that `--pages` and `--from` mean what they say; no page after the
    /// selection is read. Pages outside the book are reported as soon as the
    /// page count is known: at once when the stream knows it, else when the
    /// stream ends; a `--pages` range that runs past the end is read up to
    /// the end and warned of then.
    /// - Returns: how much was written and whether `shouldStop` cut it short.
    /// - Throws: ``NarrationError/invalidSelection(_:)``,
    ///   ``NarrationError/input(_:)`` when the stream fails part way, and
    ///   speech and output errors as they happen.
    public func narrate(
        _ stream: any PageStream, to sink: any AudioSink, observer: (any NarrationObserver)? = nil,
        shouldStop: () -> Bool = { false }
    ) throws(NarrationError) -> NarrationResult {
        var cursor = StreamCursor(stream: stream, pages: options.pages, start: options.start, warnings: warnings)
        try cursor.checkAgainstPageCount()
        let progress = NarrationProgress(
            page: cursor.firstPage, pageCount: stream.pageCount ?? 0, charactersDone: 0, charactersTotal: 0,
            samplesWritten: clock, estimatedFraction: 0)
        let result = try speak(
            next: { () throws(NarrationError) in
                let (next, newPart) = try cursor.next()
                pageTitle = cursor.pageTitle
                if let newPart { check(newPart, at: UtterancePosition(page: cursor.pageIndex, utterance: cursor.partBase)) }
                return next
            },
            following: { cursor.following },
            progress: progress, estimate: { cursor.fractionDone(charactersDone: $0) }, to: sink, observer: observer,
            shouldStop: shouldStop)
        do throws(OutputError) { try sink.finish() } catch { throw .output(error) }
        return result
    }

    /// Speaks `utterances` in order into `sink` (which stays open) as page
    /// `page`, continuing the output clock of earlier calls: an interactive
    /// reader passes one sentence at a time, in `context` the page's text
    /// before it (its paragraph's, and earlier ones'), which tells whether it
    /// starts inside a quotation (for the dialogue voice and the voice map's
    /// speakers), and in `following` some of the text after it, which tells
    /// whether a quotation open at a line's end goes on.
    public func speak(
        _ utterances: [Utterance], page: Int = 0, after context: String = "", before following: String = "",
        to sink: any AudioSink, observer: (any NarrationObserver)? = nil, shouldStop: () -> Bool = { false }
    ) throws(NarrationError) -> NarrationResult {
        check(utterances, at: UtterancePosition(page: page, utterance: 0))
        var index = 0
        let progress = NarrationProgress(
            page: page, pageCount: 0, charactersDone: 0,
            charactersTotal: utterances.reduce(0) { $0 + $1.text.unicodeScalars.count }, samplesWritten: clock)
        return try speak(
            next: {
                guard index < utterances.count else { return nil }
                defer { index += 1 }
                return (UtterancePosition(page: page, utterance: index), utterances[index])
            },
            following: { following.isEmpty ? utterances[index...] : utterances[index...] + [Utterance(following)] },
            context: context, progress: progress, to: sink, observer: observer, shouldStop: shouldStop)
    }

    /// Speaks what `next` yields, in order, into `sink`: the one loop every
    /// narration runs.
    /// - Parameters:
    ///   - following: the utterances after the last one `next` gave that
    ///     are already at hand (the rest of its page or part), read ahead by
    ///     the dialogue voice.
    ///   - estimate: the share of the work done, when `charactersTotal` is
    ///     unknown; called after each group.
    private func speak(
        next: () throws(NarrationError) -> (UtterancePosition, Utterance)?, following: () -> ArraySlice<Utterance>,
        context: String = "", progress: NarrationProgress,
        estimate: ((Int) -> Double)? = nil, to sink: any AudioSink, observer: (any NarrationObserver)?,
        shouldStop: () -> Bool
    ) throws(NarrationError) -> NarrationResult {
        let renderer = GroupRenderer(engine: engine, mapping: options.mapping, sink: sink, pronouncer: pronouncer)
        var grouper = SpeechGrouper()
        var parts = PartTimings()
        var progress = progress
        var spoken = 0
        let startClock = clock
        func result(interrupted: Bool) -> NarrationResult {
            NarrationResult(samplesWritten: clock - startClock, utterancesSpoken: spoken, wasInterrupted: interrupted)
        }
        var lastPage: Int?
        func render(_ group: SpeechGroup) throws(NarrationError) -> Bool {
            // A page starts where its first group does (its pre-delay
            // included): after the groups of the page before, which adding
            // its first utterance may have completed.
            var startsPage = false
            if let page = group.positions.first?.page, page != lastPage {
                lastPage = page
                startsPage = true
                progress.page = page
                observer?.pageStarted(page, atSample: clock)
            }
            let outcome = try renderer.render(group, clock: &clock, trim: trim(group, startsPage: startsPage),
                shouldStop: shouldStop)
            for part in outcome.timings {
                guard let timing = parts.add(part) else { continue }
                observer?.utteranceSpoken(timing)
                spoken += 1
            }
            progress.charactersDone += group.utterances.reduce(0) { $0 + $1.text.unicodeScalars.count }
            progress.samplesWritten = clock
            progress.estimatedFraction = estimate?(progress.charactersDone)
            observer?.progressed(progress)
            return !outcome.wasInterrupted
        }
        var lastPosition: UtterancePosition?
        while let (position, utterance) = try next() {
            if shouldStop() { return result(interrupted: true) }
            if position.page != lastPosition?.page {
                casting.startPage()
                if lastPosition == nil { casting.follow(context, before: [utterance] + following()) }
            }
            lastPosition = position
            let main = casting.chapterVoice(page: position.page, title: pageTitle) ?? voice(for: utterance)
            for (part, offset, voice) in casting.parts(of: utterance, main: main, following: following()) {
                let isLast = offset + part.text.unicodeScalars.count == utterance.text.unicodeScalars.count
                parts.expect(offset: offset, isLast: isLast, whole: utterance, voice: casting.marksVoices ? voice : nil)
                for group in grouper.add(part, at: position, voice: voice) where try !render(group) {
                    return result(interrupted: true)
                }
            }
        }
        if let last = grouper.finish(), try !render(last) { return result(interrupted: true) }
        return result(interrupted: false)
    }

    /// The ends of `group` whose engine silence is cut: none unless
    /// ``NarrationOptions/exactPauses``; then the start of a group after a
    /// delay, at a page start or with a delay of its own, and the end of one
    /// with a delay after it (a sentence end with a zero delay counts).
    private func trim(_ group: SpeechGroup, startsPage: Bool) -> EdgeTrim {
        guard options.exactPauses else { return .none }
        defer { followsPause = group.postDelay != nil }
        return EdgeTrim(leading: followsPause || startsPage || group.preDelay != nil, trailing: group.postDelay != nil)
    }

    /// The map with every voice as the engine's identifier.
    private static func resolved(_ map: VoiceMap?, in catalog: VoiceCatalog) throws(SpeechError) -> VoiceMap? {
        guard var map else { return nil }
        for index in map.chapters.indices { map.chapters[index].voice = try catalog.voice(named: map.chapters[index].voice).identifier }
        for index in map.speakers.indices { map.speakers[index].voice = try catalog.voice(named: map.speakers[index].voice).identifier }
        return map
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

    /// Before utterances are spoken: finds a voice for each new language
    /// (warning of those no voice speaks) and warns, once, of delays longer
    /// than ``ProsodyMapping/longestDelay``.
    /// - Parameter first: the position of the first of `utterances`.
    private func check(_ utterances: [Utterance], at first: UtterancePosition) {
        for (index, utterance) in utterances.enumerated() {
            if fixedVoice == nil, let language = utterance.language, voicesByLanguage[language] == nil {
                let voice = catalog.voice(forLanguage: language)
                if voice == nil { warnings.warn("no voice speaks '\(language)'; using the book's voice") }
                voicesByLanguage[language] = voice?.identifier ?? bookVoice
            }
            checkScript(of: utterance)
            if !hasWarnedOfDelays, utterance.prosody.hasDelay(longerThan: ProsodyMapping.longestDelay) {
                hasWarnedOfDelays = true
                let limit = Int(ProsodyMapping.longestDelay)
                warnings.warn(
                    "delays longer than \(limit) s are shortened to \(limit) s when speaking",
                    at: UtterancePosition(page: first.page, utterance: first.utterance + index).description)
            }
        }
    }
}

extension Narrator {
    /// Warns, once per voice and script, when the utterance's voice cannot
    /// read a script of its text, naming the language and what will happen.
    private func checkScript(of utterance: Utterance) {
        let voice = voice(for: utterance)
        let language = VoiceCatalog.fileName(of: Voice(identifier: voice, name: "", languages: []))
        guard let (script, effect) = VoiceScripts.unreadable(in: utterance.text, language: language),
            unreadableScriptsWarned.insert(voice + "/" + script).inserted
        else { return }
        warnings.warn("the voice '\(voice)' cannot read \(script): \(effect) (choose another with --voice or --language)")
    }
}

extension Prosody {
    /// Whether a pre- or post-utterance delay passes `seconds`.
    func hasDelay(longerThan seconds: Double) -> Bool {
        [preUtteranceDelay, postUtteranceDelay].contains { ($0 ?? 0) > seconds }
    }
}
