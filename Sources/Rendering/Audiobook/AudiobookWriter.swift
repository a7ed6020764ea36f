import Audiobooks
import BookModel
import Foundation
import Narrator

/// `narrate speak … -o book.m4b` (or `-o DIR --per-chapter`, or into a
/// library's `Author/Series/Title/` folder with `--library`): renders the
/// job's pages on every core through ``RenderRun``, then writes the
/// finished file (or one file per chapter) with chapters, tags and cover.
/// Nothing appears at the destination until it is complete; Ctrl-C and
/// failures leave no output (finished chapter files stay, each complete),
/// and an interrupted single file is resumed by the same command.
public struct AudiobookWriter {
    public let job: RenderJob
    public let output: AudiobookOutput
    public let force: Bool

    public init(job: RenderJob, output: AudiobookOutput, force: Bool) {
        self.job = job
        self.output = output
        self.force = force
    }

    public func run(_ host: RenderHost) throws {
        let ffmpeg = try RenderPreflight.check(job, context: host.context)
        let inFolder = output.perChapter || output.library
        let folder = try WorkFolder(
            beside: inFolder ? output.path + "/x" : output.path, creatingParent: inFolder,
            key: RenderPreflight.resumeKey(job))
        let run = try RenderRun(job: job, ffmpeg: ffmpeg, folder: folder, host: host, cover: true)
        let selected = try run.selectedPages()
        let library = output.library ? LibraryFolder(root: output.path, metadata: run.outline.metadata) : nil
        try library?.create()
        let destination = library.map { output.perChapter ? $0.path : $0.audioPath(output.format) } ?? output.path
        try run.guarded(output: destination, noun: "audiobook", kept: output.perChapter ? " (finished chapter files kept)" : "") {
            if output.perChapter {
                try ChapterFolder(run: run, directory: destination, force: force).write(selected)
            } else {
                try writeOneFile(selected, run: run, to: destination)
            }
            try library?.writeCover(run.cover, ffmpeg: ffmpeg, workFolder: folder.path)
        }
        folder.remove()
    }

    /// Renders the selected pages into one file with a chapter per page.
    private func writeOneFile(_ pages: [BookOutline.PageInfo], run: RenderRun, to path: String) throws {
        let input = run.userInput == "-" ? nil : run.userInput
        let file = try OutputFile(path, force: force, input: input)
        let timingsFile = try output.timings.map { try OutputFile($0, force: force, input: input) }
        run.folder.recordTemporaryOutput(file.pathToWrite)
        let characters = pages.reduce(0) { $0 + $1.characters }
        let plan = RenderPlan(
            pages: pages.map { ($0.index, $0.characters) }, workers: job.jobs,
            pieces: output.format.encodesInPieces ? max(job.jobs, characters / RenderPreflight.pieceCharacters) : 1)
        guard plan.pieceCount > 0, pages.contains(where: { $0.characters > 0 }) else {
            throw Failure(run.userInput, "nothing to speak: the selected pages have no text")
        }
        let renderer = try run.renderer(plan)
        var timeline = AudiobookTimeline(plan: renderer.plan, sampleRate: RenderRun.sampleRate, leadingTrim: renderer.leadingTrim)
        try run.render(renderer, timeline: &timeline, pages: pages, pieceEncoded: { _ in })
        let writer = timingsFile.map { file in
            TimingsWriter(descriptor: file.descriptor, format: TimingsFormat(path: file.path) ?? .json, sampleRate: RenderRun.sampleRate)
        }
        let titles = Dictionary(uniqueKeysWithValues: run.outline.pages.map { ($0.index, $0.title) })
        let chapters = try timeline.chapters(
            titles: titles, marks: { try RenderMarksReader.read(renderer.spool($0).marks) },
            timing: { writer?.utteranceSpoken($0) }, pageStarted: { writer?.pageStarted($0, atSample: $1) })
        let destination = file.pathToWrite ?? run.folder.path + "/output.\(output.format.rawValue)"
        try renderer.mux(
            pieces: Array(0..<renderer.plan.pieceCount), lengths: timeline.pieceLengths, tags: run.tags(), chapters: chapters, cover: run.cover, output: destination)
        if file.pathToWrite == nil { try copy(destination, to: file) }
        do { try writer?.finish() } catch { throw Failure(output.timings, error.description) }
        try file.commit()
        try timingsFile?.commit()
    }

    /// Copies a finished file to a direct output (standard output).
    private func copy(_ path: String, to file: OutputFile) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure(path, "cannot read") }
        defer { try? handle.close() }
        while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty { try file.write(Array(data)) }
    }
}
