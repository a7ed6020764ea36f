import Audiobooks
import BookFiles
import BookModel
import Foundation
import Narrator
import ReadAlong

/// One run of `narrate speak BOOK -o OUT.epub`: renders the book through
/// ``RenderRun``, one audio file per content document (worker processes on
/// every core, one MP3 encoder per document), then writes the read-along
/// EPUB from the workers' utterance and word timings. An EPUB is opened as
/// the importer opens it (``BookOpener/openEPUB(_:)``). Nothing appears at
/// the destination until it is complete; Ctrl-C and failures leave no
/// output, and an interrupted render is resumed by the same command.
public struct ReadAlongWriter {
    public let job: RenderJob
    public let output: ReadAlongOutput
    public let force: Bool

    public init(job: RenderJob, output: ReadAlongOutput, force: Bool) {
        self.job = job
        self.output = output
        self.force = force
    }

    public func run(_ host: RenderHost) throws {
        let ffmpeg = try RenderPreflight.check(job, context: host.context)
        let epub = try BookOpener.openEPUB(job.book)
        let file = try OutputFile(output.path, force: force, input: job.book.path)
        let folder = try WorkFolder(beside: output.path, creatingParent: false, key: RenderPreflight.resumeKey(job))
        folder.recordTemporaryOutput(file.pathToWrite)
        // A book made here carries the cover; an EPUB read along keeps its own.
        let run = try RenderRun(job: job, ffmpeg: ffmpeg, folder: folder, host: host, cover: epub == nil)
        let selected = try run.selectedPages()
        try run.guarded(output: output.path, noun: "read-along book") {
            guard let destination = file.pathToWrite else { throw Failure(output.path, "cannot write a read-along book here") }
            let report: EPUBReadAlong.Report
            do {
                if let epub {
                    let reading = ReadingChoices(readsNotes: job.book.options.readsNotes, readsContents: job.book.options.readsContents)
                    let book = EPUBReadAlong(archive: epub.archive, packagePath: epub.packagePath, sync: output.sync, reading: reading)
                    report = try book.write(try render(selected, run: run, byDocument: true).map(\.document), to: destination)
                } else {
                    let pages = try render(selected, run: run, byDocument: false).map { try page($0, run: run) }
                    let book = GeneratedReadAlong(
                        metadata: run.outline.metadata, sync: output.sync, audioExtension: "mp3", audioType: "audio/mpeg",
                        cover: run.cover.map(GeneratedReadAlong.Image.init))
                    report = try book.write(pages, to: destination)
                }
            } catch let error as ReadAlongError {
                throw Failure(job.book.path, error.description)
            }
            chmod(destination, 0o644)
            warn(report, context: host.context)
            try file.commit()
        }
        folder.remove()
    }

    /// What one audio file holds: the pages it narrates and their utterances.
    struct RenderedGroup {
        var pages: [BookOutline.PageInfo]
        var document: EPUBReadAlong.NarratedDocument
    }

    /// Renders one audio file per content document (`byDocument`: pages
    /// grouped by the document they come from) or per page, one encoder per group.
    private func render(_ pages: [BookOutline.PageInfo], run: RenderRun, byDocument: Bool) throws -> [RenderedGroup] {
        var groups: [[BookOutline.PageInfo]] = []
        for page in pages where page.characters > 0 {
            if byDocument, let last = groups.last?.last, last.resource == page.resource {
                groups[groups.count - 1].append(page)
            } else {
                groups.append([page])
            }
        }
        guard !groups.isEmpty else { throw Failure(job.book.path, "nothing to speak: the selected pages have no text") }
        let plan = RenderPlan(groups: groups.map { $0.map { ($0.index, $0.characters) } }, workers: job.jobs)
        let renderer = try run.renderer(plan)
        var timeline = AudiobookTimeline(plan: renderer.plan, sampleRate: RenderRun.sampleRate)
        try run.render(renderer, timeline: &timeline, pages: pages, pieceEncoded: { _ in })
        return try groups.indices.map { piece in
            let chunks = renderer.plan.chunks(ofPiece: piece)
            let origin = timeline.start(ofChunk: chunks.first ?? 0)
            var utterances: [TimedUtterance] = []
            for chunk in chunks {
                let offset = timeline.start(ofChunk: chunk) - origin
                for case .utterance(let timing) in try RenderMarksReader.read(renderer.spool(chunk).marks) {
                    utterances.append(Self.timed(timing, offset: offset))
                }
            }
            return RenderedGroup(pages: groups[piece], document: EPUBReadAlong.NarratedDocument(
                contentPath: groups[piece].first?.resource ?? "", utterances: utterances,
                audioFile: renderer.piecePath(piece), audioExtension: "mp3", audioType: "audio/mpeg"))
        }
    }

    /// A page of a generated book, with its picture when the book has it
    /// (a missing or unknown picture is a warning).
    private func page(_ group: RenderedGroup, run: RenderRun) throws -> GeneratedReadAlong.Page {
        let info = group.pages[0]
        var image: GeneratedReadAlong.Image?
        if let path = info.image {
            if let picture = PagePictures(stream: run.stream, bookPath: job.book.path).picture(named: path) {
                image = GeneratedReadAlong.Image(picture)
            } else {
                run.host.context.warnings(about: job.book.path).warn("page \(info.index + 1)'s picture \(path) is missing, over 64 MB or not a JPEG, PNG, GIF or SVG image; the page has none")
            }
        }
        return GeneratedReadAlong.Page(
            title: info.title, image: image, utterances: group.document.utterances, audioFile: group.document.audioFile)
    }

    private static func timed(_ timing: UtteranceTiming, offset: Double) -> TimedUtterance {
        let rate = Double(RenderRun.sampleRate)
        return TimedUtterance(
            text: timing.text, begin: offset + Double(timing.startSample) / rate, end: offset + Double(timing.endSample) / rate,
            words: timing.words.map {
                .init(range: $0.range, begin: offset + Double($0.startSample) / rate, end: offset + Double($0.endSample) / rate)
            }, language: timing.language, line: timing.source?.line)
    }

    private func warn(_ report: EPUBReadAlong.Report, context: CommandContext) {
        let warnings = context.warnings(about: job.book.path)
        if let repairs = report.repairs.summary { warnings.warn(repairs) }
        for (path, reason) in report.skipped { warnings.warn("\(path): \(reason)") }
        // List markers and image descriptions are spoken but not in the
        // text: a few words not found are expected, more is worth a warning.
        if report.unmatched * 50 > max(report.fragments, 1) {
            let what = output.sync == .word ? "words" : "sentences"
            warnings.warn("\(report.unmatched) narrated \(what) were not found in their documents and are not highlighted")
        }
    }
}
