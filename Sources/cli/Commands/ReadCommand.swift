import Rendering
import InteractiveReader
import BookModel
import Segmentation
import Foundation
import Importers
import Narrator

/// `narrate read`: reads a book aloud in the terminal, highlighting the
/// sentence and word being spoken, and remembers where it stopped.
struct ReadCommand: Command {
    static let name = "read"
    static let abstract = "Read a book aloud in the terminal, highlighting each sentence and word."
    static let operandsUsage = "INPUT"
    static let options: [OptionSpec] = [
        OptionSpec("mute", help: "Do not speak; move the highlight on estimated timing alone."),
        OptionSpec("from", value: "PAGE", help: "Start at this page (1 = first) instead of the remembered place."),
        OptionSpec("voice", value: "NAME", values: .voices, help: "Speak with this voice (see narrate voices); default: by the book's language."),
        OptionSpec("rate", value: "X", help: "Multiply the speaking speed by X (0.25 to 4; default: the speed last used, else 1; + and − change it)."),
        EngineChoice.engineOption,
        EngineChoice.voicesDirectoryOption,
        NarrationArguments.dialogueVoiceOption,
        NarrationArguments.voiceMapOption,
    ] + BookInput.options
    static let discussion = """
        Keys: space pause/resume, → ← sentence, ↓ ↑ paragraph, n p page, + − speed,
        g go to a chapter by number or title (#N: page N), q quit, ? help. The place
        and the speed are saved on quit, Ctrl-C and errors, under $XDG_STATE_HOME/narrate
        (default ~/.local/state/narrate), and reading resumes there next time. Speech is espeak-ng's
        (or a Piper voice's with --engine piper; its first sentence takes about a second
        longer, see docs/neural-voice.md), played with pw-play, paplay or aplay (or the shell command in NARRATE_PLAYER); without a sound device the
        highlight moves on estimated timing, as with --mute, after a notice. Needs a
        terminal; to hear a book without one, use narrate speak. NO_COLOR turns
        colours off.
        """

    var input: BookInput
    var mute: Bool
    var fromPage: Int?
    /// `--rate`; nil reads at the book's remembered speed.
    var speed: Double?
    var voice: String?
    /// `--engine`, `--voices-dir` and what `--pause` asks of the narrator.
    var engineOptions = NarrationOptions()

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let path = try BookInput.singleOperand(arguments)
        guard path != "-" else {
            throw UsageError("read takes keys from standard input, so the book must be a file, not -")
        }
        input = try BookInput(path: path, arguments)
        mute = arguments.flag("mute")
        fromPage = try arguments.wholeNumber("from", from: 1)
        speed = try arguments.number("rate", in: ReaderState.speeds)
        voice = arguments.value("voice")
        engineOptions.voice = voice
        engineOptions.engine = try EngineChoice.kind(arguments)
        engineOptions.voicesDirectory = arguments.value("voices-dir")
        engineOptions.exactPauses = input.pausesAreExact
        engineOptions.dialogueVoice = arguments.value("dialogue-voice")
        engineOptions.voiceMap = try NarrationArguments.voiceMap(arguments)
    }

    func run(_ context: CommandContext) throws {
        let choice = try ReaderVoices.choose(mute: mute, options: engineOptions, warnings: context.warnings(about: input.path))
        guard context.stdoutIsTerminal, isatty(STDIN_FILENO) == 1 else {
            throw Failure(nil, "read needs a terminal for its screen and keys; to hear \(input.path) without one, "
                + "use: narrate speak \(input.path)")
        }
        let book = try input.load(context)
        guard !book.pages.isEmpty else { throw Failure(input.path, "the book has no pages to read") }
        if let fromPage, fromPage > book.pages.count {
            throw UsageError("--from: there is no page \(fromPage); the book has \(book.pages.count)")
        }
        let store = PositionStore(environment: ProcessInfo.processInfo.environment)
        let key = PositionStore.key(for: book)
        let start = fromPage.map { ReadingPosition(page: $0 - 1) } ?? store?.position(for: key) ?? ReadingPosition()
        let (voice, notice) = ReaderVoices.make(choice, language: book.metadata.language, options: engineOptions)
        let state = ReaderState(
            pages: book.pages, language: book.metadata.language, position: start,
            speed: speed ?? store?.speed(for: key) ?? 1)
        let session = ReaderSession(state: state, voice: voice, language: book.metadata.language)
        defer { save(session.state, store: store, key: key, book: book, context: context) }
        try read(book, session: session, notice: notice)
        let signal = Terminal.quitSignal.load(ordering: .relaxed)
        if signal != 0 { throw Interrupted(signal: signal) }
    }

    /// Runs the screen; the terminal is restored and the place saved whatever
    /// happens.
    private func read(_ book: Book, session: ReaderSession, notice: String?) throws {
        let terminal = try Terminal()
        terminal.enter()
        defer { terminal.restore() }
        let title = book.metadata.title ?? URL(fileURLWithPath: input.path).lastPathComponent
        let app = ReaderApp(
            terminal: terminal, session: session, bookTitle: title,
            style: .forEnvironment(ProcessInfo.processInfo.environment), notice: notice)
        do {
            try app.run()
            session.interrupt()
        } catch {
            session.interrupt()
            terminal.restore()
            throw Failure(input.path, "reading stopped at page \(session.state.pageIndex + 1): \(error)")
        }
    }

    private func save(_ state: ReaderState, store: PositionStore?, key: String, book: Book, context: CommandContext) {
        guard let store else { return context.printError("warning: no HOME or XDG_STATE_HOME: the place is not saved") }
        do { try store.save(state.position, speed: state.speed, for: key, title: book.metadata.title) } catch {
            context.printError("warning: cannot save the place in \(store.directory.path): \(error.localizedDescription)")
        }
    }
}

