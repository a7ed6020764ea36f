import Audiobooks
import BookModel
import Foundation
import Narrator

/// The parts of writing an audiobook that one file and one file per chapter
/// share: starting the renderer with narrate's own worker command line,
/// running it with progress and the workers' warnings, tags.
final class AudiobookJob {
    let settings: AudiobookSettings
    let ffmpeg: FFmpeg
    let folder: WorkFolder
    /// The book file the workers read (standard input saved to a file).
    let inputPath: String
    let options: NarrationOptions
    let outline: BookOutline
    let cover: CoverImage?
    let context: CommandContext
    /// The progress line, on a terminal without `--quiet`.
    let progress: ProgressLine?
    private let started = Date()

    init(
        settings: AudiobookSettings, ffmpeg: FFmpeg, folder: WorkFolder, inputPath: String, options: NarrationOptions,
        outline: BookOutline, cover: CoverImage?, context: CommandContext
    ) {
        self.settings = settings
        self.ffmpeg = ffmpeg
        self.folder = folder
        self.inputPath = inputPath
        self.options = options
        self.outline = outline
        self.cover = cover
        self.context = context
        let showProgress = context.stderrIsTerminal && !context.quiet
        progress = showProgress ? ProgressLine(sampleRate: AudiobookSession.sampleRate) : nil
        context.beforeWarning = { [progress] in progress?.finish() }
    }

    /// A renderer for `plan` whose workers are this narrate binary running `_render`.
    func renderer(_ plan: RenderPlan) -> AudiobookRenderer {
        let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let start = options.start
        let passed = settings.workerOptions
        let input = inputPath
        return AudiobookRenderer(
            plan: plan, format: settings.format, bitrate: settings.bitrate, sampleRate: AudiobookSession.sampleRate,
            workers: settings.jobs, ffmpeg: ffmpeg, workDirectory: folder.path,
            workerCommand: { chunk, audio, marks in
                var arguments = ["_render", input, "--audio", audio, "--marks", marks]
                arguments += ["--pages", "\(chunk.pages.lowerBound + 1)-\(chunk.pages.upperBound + 1)"]
                if let start, chunk.pages.contains(start.page) { arguments += ["--from", "\(start.page + 1):\(start.utterance + 1)"] }
                return (program, arguments + passed)
            })
    }

    /// Runs `renderer`, recording each chunk in `timeline`, printing the
    /// workers' new warnings and the progress line.
    func render(
        _ renderer: AudiobookRenderer, timeline: inout AudiobookTimeline, pages: [BookOutline.PageInfo],
        pieceEncoded: (Int) throws(AudiobookError) -> Void
    ) throws(AudiobookError) {
        let total = max(pages.reduce(0) { $0 + $1.characters }, 1)
        let characters = Dictionary(uniqueKeysWithValues: pages.map { ($0.index, $0.characters) })
        var done = 0
        var lastPage = pages.first?.index ?? 0
        try renderer.run(
            chunkFed: { chunk, base, samples throws(AudiobookError) in
                timeline.record(chunk: chunk, base: base, samples: samples)
                let range = renderer.plan.chunks[chunk].pages
                done += range.reduce(0) { $0 + (characters[$1] ?? 0) }
                lastPage = min(range.upperBound + 1, pages.last?.index ?? 0)
                for line in renderer.workerWarnings(chunk) { context.printWarningLine(line) }
            },
            pieceEncoded: pieceEncoded,
            shouldStop: {
                let fed = renderer.samplesFed
                // Samples per character: measured once a chunk is in, else
                // espeak-ng's at normal speed (Pride and Prejudice: 1,232).
                let perCharacter = done > 0 && timeline.samplesRecorded > 0
                    ? Double(timeline.samplesRecorded) / Double(done) : 1_232
                progress?.progressed(NarrationProgress(
                    page: lastPage, pageCount: outline.pages.count, charactersDone: done, charactersTotal: total,
                    samplesWritten: fed, estimatedFraction: min(Double(fed) / (perCharacter * Double(total)), 0.999)))
                return Interrupts.stop.isSet
            })
        progress?.finish()
    }

    /// The tags of the book, or of one chapter's file.
    func tags(track: (title: String, number: Int, count: Int)? = nil) -> AudiobookTags {
        AudiobookTags(outline.metadata, format: settings.format, track: track)
    }

    /// Renders the selected pages into one file with a chapter per page.
    func writeOneFile(
        _ pages: [BookOutline.PageInfo], to output: String, force: Bool, timings: String?, originalInput: String
    ) throws {
        let file = try OutputFile(output, force: force, input: originalInput == "-" ? nil : originalInput)
        let timingsFile = try timings.map { try OutputFile($0, force: force, input: originalInput == "-" ? nil : originalInput) }
        let plan = RenderPlan(
            pages: pages.map { ($0.index, $0.characters) }, workers: settings.jobs,
            pieces: settings.format.encodesInPieces ? settings.jobs : 1)
        guard plan.pieceCount > 0, pages.contains(where: { $0.characters > 0 }) else {
            throw Failure(originalInput, "nothing to speak: the selected pages have no text")
        }
        let renderer = renderer(plan)
        var timeline = AudiobookTimeline(
            plan: plan, sampleRate: AudiobookSession.sampleRate, joinDelay: settings.format.joinDelay)
        try render(renderer, timeline: &timeline, pages: pages, pieceEncoded: { _ in })
        let writer = timingsFile.map { file in
            TimingsWriter(descriptor: file.descriptor, format: TimingsFormat(path: file.path) ?? .json,
                sampleRate: AudiobookSession.sampleRate)
        }
        let chapters = try chapters(of: timeline, renderer: renderer, timings: writer)
        let destination = file.pathToWrite ?? folder.path + "/output.\(settings.format.rawValue)"
        try renderer.mux(
            pieces: Array(0..<plan.pieceCount), tags: tags(), chapters: chapters, cover: cover, output: destination)
        if file.pathToWrite == nil { try copy(destination, to: file) }
        do { try writer?.finish() } catch { throw Failure(timings, error.description) }
        try file.commit()
        try timingsFile?.commit()
    }

    /// The chapters from the workers' marks, each utterance and page start
    /// going to `timings` on the way.
    private func chapters(of timeline: AudiobookTimeline, renderer: AudiobookRenderer, timings: TimingsWriter?) throws
        -> [Chapter]
    {
        let titles = Dictionary(uniqueKeysWithValues: outline.pages.map { ($0.index, $0.title) })
        return try timeline.chapters(
            titles: titles, marks: { try RenderMarksReader.read(renderer.marksPath($0)) },
            timing: { timings?.utteranceSpoken($0) }, pageStarted: { timings?.pageStarted($0, atSample: $1) })
    }

    /// Copies a finished file to a direct output (standard output).
    private func copy(_ path: String, to file: OutputFile) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure(path, "cannot read") }
        defer { try? handle.close() }
        while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty { try file.write(Array(data)) }
    }
}
