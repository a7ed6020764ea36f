import Foundation
import Narrator
import ReadAlong
import Rendering

/// `narrate align`: ties a human recording of a book to its text, sentence
/// by sentence or word by word, into a read-along EPUB and timings.
struct AlignCommand: Command {
    static let name = "align"
    static let abstract = "Align a recording of a book (an audiobook, a LibriVox reading) with its text into a read-along EPUB (-o) or timings."
    static let operandsUsage = "INPUT AUDIO..."
    static let options: [OptionSpec] =
        [
            OptionSpec("output", short: "o", value: "FILE", values: .files(extensions: ["epub"]), help: "Write a read-along EPUB 3 with the recording as its narration."),
            OptionSpec("sync", value: "LEVEL", values: .choices(SyncLevel.self), help: "Highlight each sentence (default) or each word as it is heard."),
            OptionSpec("bitrate", value: "RATE", help: "Encode the book's audio again as MP3 at RATE (48k or 48000); by default MP3 and AAC recordings go in as they are, others at 32k."),
            OptionSpec("timings", value: "FILE", values: .files(extensions: TimingsFormat.allCases.map(\.rawValue)), help: "Write each sentence's and word's time in the recording (JSON also each sentence's confidence, 0 to 1); the format follows the extension: .json, .srt or .vtt."),
            OptionSpec("no-recognizer", help: "Place words by the warping alone, align a recording the recogniser hears as another text anyway, and do not listen for the part of the text a short recording reads; by default PocketSphinx's acoustic model (pocketsphinx-en-us, when installed) places English words and checks that the recording reads the text."),
            OptionSpec("force", short: "f", help: "Overwrite FILE (and the timings file) if it exists."),
        ] + NarrationArguments.options + BookInput.options
    static let discussion = """
        INPUT is anything narrate import accepts; AUDIO is one or more files ffmpeg reads
        (MP3, M4B, M4A, Opus, FLAC, WAV), in the order they are heard: one file, or the
        chapter files of an audiobook (a folder stands for its audio files, in the
        order of their names, numbers compared as numbers). Each file is aligned with
        its own part of the text, so what a file adds (a LibriVox preamble) is found. narrate speaks the text with espeak-ng, whose
        time for every word is exact, and aligns that speech with the recording
        (MFCC features, multi-resolution dynamic time warping; see docs/alignment.md).
        An introduction or credits before and after the text are found and left out;
        sentences the recording does not hold, and the text after it stops, are reported
        and not highlighted.
        A reading more than 15% slower or faster than the reference voice is aligned
        a second time against the text spoken again at its pace, unless --rate is given
        (its pace is also taken from the first sentence found to the last when some are
        not found, and that alignment kept if the sentences keep a steadier pace in it).
        Word times (--sync word, JSON and WebVTT timings) of an English book come from
        PocketSphinx's acoustic model, sentence by sentence, when pocketsphinx-en-us is
        installed, else from the warping.
        A recording much shorter than the text (one chapter of an English book, against
        the whole book or the pages --pages and --from choose) is listened to first:
        PocketSphinx writes down its first 40 and last 30 seconds, and only the part of
        the text they are found in is aligned (one line says which; --from or --pages
        chooses another part, and is needed where nothing is found, as in other
        languages).
        --voice, --language and --rate choose the reference voice; --pages the part
        of the book the recording reads. Needs ffmpeg.

        Examples:
          narrate align book.epub librivox/*.mp3 -o read-along.epub
          narrate align book.epub audiobook.m4b -o read-along.epub --sync word
          narrate align story.txt reading.flac --timings story.vtt
        """

    var job: AlignJob
    var force: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.operands.count >= 2, let book = arguments.operands.first else {
            throw UsageError(arguments.operands.isEmpty ? "missing INPUT and AUDIO" : "missing AUDIO: the recording to align with the book")
        }
        if book == "-" { throw UsageError("align reads the book from a file, not standard input") }
        let input = try BookInput(path: book, arguments)
        let output = arguments.value("output")
        let timings = arguments.value("timings")
        if output == nil, timings == nil { throw UsageError("nothing to write: give -o BOOK.epub, --timings FILE, or both") }
        if let output, !ReadAlongSettings.isReadAlong(output) { throw UsageError("-o: '\(output)' must end in .epub") }
        if let timings, TimingsFormat(path: timings) == nil { throw UsageError("--timings: '\(timings)' must end in .json, .srt or .vtt") }
        let readAlong = try output.map { (path) throws(UsageError) in
            let bitrate = try arguments.value("bitrate").map { (text) throws(UsageError) in
                try AudiobookSettings.bitrate(text, format: ReadAlongOutput.audioFormat)
            }
            return ReadAlongOutput(path: path, sync: try arguments.choice("sync", as: SyncLevel.self) ?? .sentence, bitrate: bitrate)
        }
        if output == nil, arguments.value("sync") != nil || arguments.value("bitrate") != nil {
            throw UsageError("--sync and --bitrate apply to the read-along book (-o BOOK.epub)")
        }
        var narration = try NarrationArguments.parse(arguments)
        if narration.engine == .piper { throw UsageError("align synthesises its reference with espeak-ng; --engine piper does not apply") }
        narration.engine = .espeak
        job = AlignJob(
            book: input.request, audio: Array(arguments.operands.dropFirst()), narration: narration, output: readAlong, timings: timings,
            reencodes: arguments.value("bitrate") != nil, matchesPace: arguments.value("rate") == nil,
            recognizesWords: !arguments.flag("no-recognizer"))
        force = arguments.flag("force")
    }

    func run(_ context: CommandContext) throws {
        Interrupts.catchIntoFlag()
        let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let progress = context.stderrIsTerminal && !job.book.quiet ? ProgressLine(sampleRate: RenderRun.sampleRate) : nil
        let host = RenderHost(context: context, program: program, shouldStop: { Interrupts.stop.isSet }, progress: progress)
        var job = job
        job.audio = try RecordingFiles.expand(job.audio)
        do { try AlignWriter(job: job, force: force).run(host) } catch let interrupted as Interrupted {
            progress?.finish()
            context.printError("narrate: interrupted; nothing written (the same command goes on from where it stopped)")
            throw interrupted
        }
    }
}
