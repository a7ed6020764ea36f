import Audiobooks
import BookModel
import Foundation
import Narrator

/// One run of `narrate speak` that writes an audiobook: reads the book's
/// outline, renders its pages on every core through ``AudiobookRenderer``,
/// then writes the finished file (or one file per chapter) with chapters,
/// tags and cover. Nothing appears at the destination until it is complete;
/// Ctrl-C and failures leave no output (finished chapter files stay, each
/// complete).
struct AudiobookSession {
    let input: BookInput
    let output: String
    let settings: AudiobookSettings
    let timings: String?
    let force: Bool
    let options: NarrationOptions

    /// espeak-ng's sample rate, which the workers render at.
    static let sampleRate = 22_050

    func run(_ context: CommandContext) throws {
        let ffmpeg: FFmpeg
        do { ffmpeg = try FFmpeg.locate(for: settings.format, environment: ProcessInfo.processInfo.environment) } catch {
            throw Failure(settings.perChapter ? nil : output, error.description)
        }
        if output == "-", context.stdoutIsTerminal {
            throw UsageError("refusing to write \(settings.format.rawValue) audio to a terminal; use -o FILE or pipe the output")
        }
        try checkVoice()
        Interrupts.catchIntoFlag()
        Interrupts.ignoreBrokenPipes()
        let folder = try WorkFolder(beside: settings.perChapter ? output + "/x" : output, creatingParent: settings.perChapter)
        let (job, selected) = try prepare(context, ffmpeg: ffmpeg, folder: folder)
        try write(selected, job: job, folder: folder, context: context)
    }

    /// Reads the book's outline and chooses its cover: the job, and the
    /// pages `--pages`/`--from` select.
    private func prepare(_ context: CommandContext, ffmpeg: FFmpeg, folder: WorkFolder) throws
        -> (AudiobookJob, [BookOutline.PageInfo])
    {
        var bookInput = input
        if input.path == "-" { bookInput.path = try folder.saveStandardInput() }
        let stream = try bookInput.open(context, inMemory: false)
        try EngineChoice.noticeFallback(
            language: stream.metadata.language, options, warnings: context.warnings(about: input.path))
        var outline: BookOutline
        do { outline = try BookOutline(stream) } catch let error as Failure { throw error } catch {
            throw Failure(input.path, "\(error)")
        }
        if input.path == "-", outline.metadata.sourceFile == WorkFolder.standardInputName {
            outline.metadata.sourceFile = nil  // not a name the user gave: an untitled book stays "Untitled"
        }
        try context.checkStrict()
        let selected = try outline.selected(pages: options.pages, from: options.start?.page, input: input.path)
        let cover = try CoverChooser(settings: settings, stream: stream, outline: outline, context: context, input: input.path)
            .choose()
        let job = AudiobookJob(
            settings: settings, ffmpeg: ffmpeg, folder: folder, inputPath: bookInput.path, options: options,
            outline: outline, cover: cover, context: context)
        return (job, selected)
    }

    /// Writes the file (or the chapter files); turns the renderer's errors
    /// into the command line's.
    private func write(_ selected: [BookOutline.PageInfo], job: AudiobookJob, folder: WorkFolder, context: CommandContext)
        throws
    {
        do {
            if settings.perChapter {
                try ChapterFolder(job: job, directory: output, force: force).write(selected)
            } else {
                try job.writeOneFile(selected, to: output, force: force, timings: timings, originalInput: input.path)
            }
        } catch let error as AudiobookError where error == .interrupted || Interrupts.stop.isSet {
            // Ctrl-C also reaches ffmpeg, which then fails: still an interrupt.
            // The work folder goes first: after SIGHUP, writing the message
            // to the closed terminal may end the process.
            folder.remove()
            job.progress?.finish()
            let kept = settings.perChapter ? " (finished chapter files kept)" : ""
            context.printError("narrate: interrupted; no audiobook written" + kept)
            throw Interrupted(signal: SIGINT)
        } catch let error as AudiobookError {
            folder.remove()
            job.progress?.finish()
            throw Failure(output, error.description)
        }
    }
}

extension AudiobookSession {
    /// An unknown `--voice` is a usage error before any worker starts, as
    /// it is for WAV.
    private func checkVoice() throws {
        guard let voice = options.voice else {
            if options.engine == .piper { _ = try EngineChoice.open(options, threads: 1, warnings: .ignoring) }
            return
        }
        let engine = try EngineChoice.open(options, threads: 1, warnings: .ignoring)
        do throws(SpeechError) {
            _ = try VoiceCatalog(engine.voices()).voice(named: voice)
        } catch { throw UsageError("--voice: \(error)") }
    }
}
