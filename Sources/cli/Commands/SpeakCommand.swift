import Rendering
import BookModel
import Foundation
import Narrator
import Audiobooks
import ReadAlong

/// `narrate speak`: reads a book aloud with espeak-ng, to the sound device, a
/// WAV file or standard output, with word timings on request.
struct SpeakCommand: Command {
    static let name = "speak"
    static let abstract = "Read a book aloud: to the sound device, a WAV file, an audiobook or a read-along EPUB (-o), or a pipe (-o -)."
    static let operandsUsage = "INPUT"
    static let options: [OptionSpec] =
        [
            OptionSpec("output", short: "o", value: "FILE", help: "Write an audio file, its format from the extension (.m4b .m4a .opus .ogg .mp3 .flac .wav), or a read-along book (.epub); - for standard output, with --format. Default: play on the sound device."),
            OptionSpec("format", value: "FORMAT", values: .choices(AudiobookFormat.self), help: "The output's format, whatever its extension: m4b, m4a, opus, ogg, mp3, flac or wav."),
            OptionSpec("bitrate", value: "RATE", help: "Bits per second for m4b, m4a, mp3 (default 64k) and opus, ogg (default 32k): 48k or 48000."),
            OptionSpec("cover", value: "FILE", values: .files(extensions: ["jpg", "jpeg", "png", "gif", "svg"]), help: "Embed this picture as the cover (default: the EPUB's cover, else its first image)."),
            OptionSpec("sync", value: "LEVEL", values: .choices(SyncLevel.self), help: "With -o BOOK.epub: highlight each sentence (default) or each word as it is read."),
            OptionSpec("per-chapter", help: "Write one file per page into the folder -o names (needs --format); a re-run skips files already complete."),
            OptionSpec("library", help: "Write the audiobook into the library folder -o names, as Author/Series/Title/ with the cover beside it (Audiobookshelf's layout; --format, default m4b)."),
            OptionSpec("narrator", value: "NAME", help: "The narrator's name in the audiobook's tags (composer); default: the voice's name."),
            OptionSpec("jobs", short: "j", value: "N", help: "Render and encode audiobooks with N processes (default: one per core)."),
            OptionSpec("force", short: "f", help: "Overwrite FILE (and the timings file) if it exists."),
            OptionSpec("timings", value: "FILE", values: .files(extensions: TimingsFormat.allCases.map(\.rawValue)), help: "Write word timings; the format follows the extension: .json, .srt or .vtt."),
        ] + NarrationArguments.options + BookInput.options
    static let discussion = """
        INPUT is anything narrate import accepts. Each utterance is spoken with its own
        rate, pitch, volume and delays (see docs/speech-mapping.md); --rate, --pitch and
        --volume scale those values. On a terminal a progress line shows the page,
        percent done, time left and speed; --quiet hides it. Ctrl-C stops and keeps a
        valid WAV file of what was spoken (an audiobook is written only whole). Without -o, the audio is piped to pw-play
        (PipeWire running), paplay (PulseAudio running) or aplay, or to the shell
        command in NARRATE_PLAYER. Text, EPUB and XML or binary plist files are read
        page by page as they are spoken, so memory does not grow with the book; a
        --pages range that runs past the end is read up to the end, then warned of
        with the real page count (exit 1 with --strict).

        --pause sentence=MS,paragraph=MS,chapter=MS sets the silence after each
        sentence, paragraph (a title counts as one) and page, in every output: the
        engine's own breath beside it is cut, so the silence heard is the one asked.
        Without it the prosody rules' pauses (450, 750, 1500 ms) are added to the
        voice's own (see docs/prosody.md).

        --dialogue-voice VOICE speaks quoted speech (“…”, „…“, «…», 「…」, "…", ‘…’, '…', or set off
        by dashes: —¿Vienes? —preguntó ella) in that voice,
        and the narration, speech tags ("said Holmes", "demanda-t-elle", "dit Marie") and an author named after
        a dash on a line of its own ("— Mark Twain") in the main one; espeak-ng and
        Piper voices alike; word timings name each word's voice. --voice-map FILE gives
        chapters and speakers named by speech tags voices of their own, lines such as
        'chapter 3 = en-us', 'chapter The Red-Headed League = en-gb', 'speaker Holmes =
        de' (see docs/voices.md).

        --engine piper reads with a Piper neural voice installed by narrate voices
        install (see docs/neural-voice.md): the same outputs and word timings, from the
        voice's own phoneme durations; languages it does not speak are read by
        espeak-ng, with a notice. Pitch is not changed by Piper voices.

        Audiobooks: -o book.m4b (AAC), .opus (Opus), .mp3 or .flac writes one file
        with a chapter per page (titled from the table of contents), the book's title,
        authors, language, publisher, date, description, subjects, ISBN and series as
        tags where Audiobookshelf reads them (the narrator as composer: the voice's name,
        or --narrator), and its cover. -o DIR --library writes DIR/Author/Series/Title/
        with the audio and the cover beside it.
        Pages are rendered by one worker process per core (--jobs) and encoded by
        ffmpeg, which must be installed. The file appears only when complete: Ctrl-C
        or a failing encoder leaves none, and the same command run again resumes
        from the pieces already encoded (not for MP3 or a book on standard input);
        a changed book or option starts afresh. --per-chapter -o DIR writes numbered files
        "01 - Title.ext" with track numbers instead; a re-run skips the files whose
        chapter is unchanged (see docs/audiobooks.md, and docs/batch.md for a library).

        Read-along books: -o book.epub writes an EPUB 3 with Media Overlays that a
        reading system plays while it highlights each sentence (--sync sentence, the
        default) or each word (--sync word). An EPUB input stays the same book with
        its spoken text wrapped in spans and MP3 narration per document (EPUB 2 is
        made EPUB 3, and what is not valid EPUB 3 is repaired, each kind of repair
        warned of once); text and plist inputs become a new EPUB 3, a page per page.
        The audio is rendered as for an audiobook (see docs/readalong.md).

        Examples:
          narrate speak story.plist
          narrate speak book.epub -o book.wav --timings book.vtt
          narrate speak book.epub -o book.m4b
          narrate speak book.epub -o book.m4b --engine piper --timings book.vtt
          narrate speak book.epub -o book.opus --bitrate 24k --cover cover.jpg
          narrate speak book.epub -o chapters/ --per-chapter --format mp3
          narrate speak book.epub -o ~/audiobooks --library --narrator "Nora Reader"
          narrate speak book.epub -o read-along.epub --sync word
          narrate speak book.txt --format wav -o - | sox -t wav - book.ogg
          narrate speak book.epub --pages 3-5 --voice en-us --rate 1.2
          narrate speak book.epub -o book.m4b --voice en-gb --dialogue-voice en-us
          narrate speak book.epub -o book.m4b --pause sentence=300,paragraph=900,chapter=2500
        """

    var input: BookInput
    var output: String?
    var timings: String?
    var force: Bool
    var options = NarrationOptions()
    /// The render to a file through ffmpeg (an audiobook or a read-along
    /// book); nil for WAV or the sound device.
    var render: RenderJob?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = try BookInput(path: try BookInput.singleOperand(arguments), arguments)
        output = arguments.value("output")
        timings = arguments.value("timings")
        force = arguments.flag("force")
        if let timings, TimingsFormat(path: timings) == nil {
            throw UsageError("--timings: '\(timings)' must end in .json, .srt or .vtt")
        }
        options = try NarrationArguments.parse(arguments)
        options.exactPauses = input.pausesAreExact
        let rendered: RenderOutput?
        if let output, ReadAlongSettings.isReadAlong(output) {
            for name in ["library", "narrator"] where arguments.flag(name) || arguments.value(name) != nil {
                throw UsageError("--\(name) applies to audiobooks, not read-along books (-o BOOK.epub)")
            }
            rendered = .readAlong(try ReadAlongSettings.parse(arguments, output: output))
        } else {
            if arguments.value("sync") != nil { throw UsageError("--sync applies to read-along books (-o BOOK.epub)") }
            rendered = try AudiobookSettings.parse(arguments, output: output).map(RenderOutput.audiobook)
        }
        render = try rendered.map { (output) throws(UsageError) in
            RenderJob(book: input.request, narration: options, output: output, jobs: try AudiobookSettings.jobs(arguments))
        }
    }

    func run(_ context: CommandContext) throws {
        if let render {
            Interrupts.catchIntoFlag()
            Interrupts.ignoreBrokenPipes()
            let progress = context.stderrIsTerminal && !input.quiet ? ProgressLine(sampleRate: RenderRun.sampleRate) : nil
            context.beforeWarning = { [progress] in progress?.finish() }
            let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            let host = RenderHost(context: context, program: program, shouldStop: { Interrupts.stop.isSet }, progress: progress)
            switch render.output {
            case .audiobook(let output): return try AudiobookWriter(job: render, output: output, force: force).run(host)
            case .readAlong(let output): return try ReadAlongWriter(job: render, output: output, force: force).run(host)
            }
        }
        if output == "-", context.stdoutIsTerminal {
            throw UsageError("refusing to write WAV audio to a terminal; use -o FILE or pipe the output")
        }
        // A mistaken --voice is reported before anything about the files.
        let engine = try SpeechEngines.open(
            options, threads: SpeechEngines.soloThreads, warnings: context.warnings(about: input.path))
        try SpeechEngines.checkVoices(options, engine: engine)
        let audioFile = try output.map { try OutputFile($0, force: force, input: input.path) }
        let timingsFile = try timings.map { try OutputFile($0, force: force, input: input.path) }
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

extension ProgressLine: ProgressDisplay {}
