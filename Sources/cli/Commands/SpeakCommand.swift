import BookModel
import Foundation
import Narrator

/// `narrate speak`: reads a book aloud with espeak-ng, to the sound device, a
/// WAV file or standard output, with word timings on request.
struct SpeakCommand: Command {
    static let name = "speak"
    static let abstract = "Read a book aloud: to the sound device, a WAV file (-o) or a pipe (-o -)."
    static let operandsUsage = "INPUT"
    static let options: [OptionSpec] =
        [
            OptionSpec("output", short: "o", value: "FILE", help: "Write a 16-bit mono WAV file; - for standard output. Default: play on the sound device."),
            OptionSpec("force", short: "f", help: "Overwrite FILE (and the timings file) if it exists."),
            OptionSpec("timings", value: "FILE", values: .files(extensions: TimingsFormat.allCases.map(\.rawValue)), help: "Write word timings; the format follows the extension: .json, .srt or .vtt."),
            OptionSpec("voice", value: "NAME", values: .voices, help: "Speak every utterance with this voice (see narrate voices)."),
            OptionSpec("rate", value: "X", help: "Multiply the speaking speed by X (0.25 to 4; default 1)."),
            OptionSpec("pitch", value: "X", help: "Multiply the pitch by X (0.5 to 2; default 1)."),
            OptionSpec("volume", value: "X", help: "Multiply the volume by X (0 to 2; default 1)."),
            OptionSpec("pages", value: "A-B", help: "Read only these pages (1-based): 3, or 3-5."),
            OptionSpec("from", value: "PAGE[:N]", help: "Start at this page (1-based), at its Nth utterance."),
        ] + BookInput.options
    static let discussion = """
        INPUT is anything narrate import accepts. Each utterance is spoken with its own
        rate, pitch, volume and delays (see docs/speech-mapping.md); --rate, --pitch and
        --volume scale those values. On a terminal a progress line shows the page,
        percent done, time left and speed; --quiet hides it. Ctrl-C stops and keeps a
        valid WAV file of what was spoken. Without -o, the audio is piped to pw-play
        (PipeWire running), paplay (PulseAudio running) or aplay, or to the shell
        command in NARRATE_PLAYER. Text, EPUB and XML or binary plist files are read
        page by page as they are spoken, so memory does not grow with the book; a
        --pages range that runs past the end is read up to the end, then warned of
        with the real page count (exit 1 with --strict).

        Examples:
          narrate speak story.plist
          narrate speak book.epub -o book.wav --timings book.vtt
          narrate speak book.txt -o - | sox -t wav - book.ogg
          narrate speak book.epub --pages 3-5 --voice en-us --rate 1.2
        """

    var input: BookInput
    var output: String?
    var timings: String?
    var force: Bool
    var options = NarrationOptions()

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = try BookInput(path: try BookInput.singleOperand(arguments), arguments)
        output = arguments.value("output")
        timings = arguments.value("timings")
        force = arguments.flag("force")
        if let timings, TimingsFormat(path: timings) == nil {
            throw UsageError("--timings: '\(timings)' must end in .json, .srt or .vtt")
        }
        options.voice = arguments.value("voice")
        options.mapping = ProsodyMapping(
            rateScale: try arguments.number("rate", in: 0.25...4) ?? 1,
            pitchScale: try arguments.number("pitch", in: 0.5...2) ?? 1,
            volumeScale: try arguments.number("volume", in: 0...2) ?? 1)
        options.pages = try arguments.value("pages").map { (text) throws(UsageError) in try Self.pageRange(text) }
        options.start = try arguments.value("from").map { (text) throws(UsageError) in try Self.startPosition(text) }
    }

    /// `3` or `3-5`, 1-based.
    static func pageRange(_ text: String) throws(UsageError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let first = parts[0], let last = parts[parts.count - 1],
            first >= 1, last >= first
        else { throw UsageError("--pages: expected PAGE or FIRST-LAST, whole numbers from 1, found '\(text)'") }
        return first...last
    }

    /// `PAGE` or `PAGE:N`, 1-based, as a 0-based position.
    static func startPosition(_ text: String) throws(UsageError) -> UtterancePosition {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let page = parts[0], page >= 1 else {
            throw UsageError("--from: expected PAGE or PAGE:UTTERANCE, whole numbers from 1, found '\(text)'")
        }
        let utterance = parts.count == 2 ? parts[1] : 1
        guard let utterance, utterance >= 1 else {
            throw UsageError("--from: expected PAGE or PAGE:UTTERANCE, whole numbers from 1, found '\(text)'")
        }
        return UtterancePosition(page: page - 1, utterance: utterance - 1)
    }

    func run(_ context: CommandContext) throws {
        if output == "-", context.stdoutIsTerminal {
            throw UsageError("refusing to write WAV audio to a terminal; use -o FILE or pipe the output")
        }
        let audioFile = try output.map { try OutputFile($0, force: force, input: input.path) }
        let timingsFile = try timings.map { try OutputFile($0, force: force, input: input.path) }
        let engine: ESpeakEngine
        do { engine = try ESpeakEngine() } catch { throw Failure(nil, error.description) }
        try VoiceOption.check(options.voice, engine: engine)
        let stream = try input.open(context, inMemory: false)
        let narrator: Narrator
        do {
            narrator = try Narrator(
                engine: engine, options: options, language: stream.metadata.language,
                warnings: context.warnings(about: input.path))
        } catch {
            if case .speech(.unknownVoice) = error { throw UsageError("--voice: \(error)") }
            throw Failure(input.path, error.description)
        }
        try context.checkStrict()
        let session = SpeakSession(
            narrator: narrator, stream: stream, inputPath: input.path, audioFile: audioFile, timingsFile: timingsFile,
            showProgress: context.stderrIsTerminal && !input.quiet)
        try session.run(context)
    }
}
