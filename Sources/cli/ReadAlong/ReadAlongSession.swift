import Audiobooks
import BookFiles
import BookModel
import Foundation
import Narrator
import ReadAlong

/// One run of `narrate speak BOOK -o OUT.epub`: renders the book with the
/// audiobook renderer, one audio file per content document (worker
/// processes on every core, one MP3 encoder per document), then writes the
/// read-along EPUB from the workers' utterance and word timings. Nothing
/// appears at the destination until it is complete; Ctrl-C and failures
/// leave no output.
struct ReadAlongSession {
    let input: BookInput
    let output: String
    let settings: ReadAlongSettings
    let force: Bool
    let options: NarrationOptions

    func run(_ context: CommandContext) throws {
        let ffmpeg: FFmpeg
        do { ffmpeg = try FFmpeg.locate(for: settings.audio.format, environment: ProcessInfo.processInfo.environment) } catch {
            throw Failure(output, error.description)
        }
        if let voice = options.voice {
            let engine: ESpeakEngine
            do { engine = try ESpeakEngine() } catch { throw Failure(nil, error.description) }
            _ = try VoiceOption.check(voice, engine: engine)
        }
        guard input.path != "-" else { throw UsageError("a read-along book is made from a book file, not standard input") }
        let archive = openArchive()
        let file = try OutputFile(output, force: force, input: input.path)
        Interrupts.catchIntoFlag()
        Interrupts.ignoreBrokenPipes()
        let folder = try WorkFolder(beside: output, creatingParent: false)
        let stream = try input.open(context, inMemory: false)
        let outline: BookOutline
        do { outline = try BookOutline(stream) } catch let error as Failure { throw error } catch {
            throw Failure(input.path, "\(error)")
        }
        try context.checkStrict()
        let selected = try outline.selected(pages: options.pages, from: options.start?.page, input: input.path)
        let job = AudiobookJob(
            settings: settings.audio, ffmpeg: ffmpeg, folder: folder, inputPath: input.path, options: options,
            outline: outline, cover: nil, context: context)
        do {
            guard let destination = file.pathToWrite else { throw Failure(output, "cannot write a read-along book here") }
            let report: EPUBReadAlong.Report
            if let archive {
                let book = try EPUBReadAlong(archive: archive, sync: settings.sync)
                report = try book.write(try render(selected, job: job, byDocument: true).map(\.document), to: destination)
            } else {
                let pages = try render(selected, job: job, byDocument: false).map { try page($0, outline: outline, stream: stream, context: context) }
                let book = GeneratedReadAlong(metadata: outline.metadata, sync: settings.sync, audioExtension: "mp3", audioType: "audio/mpeg")
                report = try book.write(pages, to: destination)
            }
            chmod(destination, 0o644)
            warn(report, context: context)
            folder.remove()
            try file.commit()
        } catch let error as AudiobookError where error == .interrupted || Interrupts.stop.isSet {
            folder.remove()
            job.progress?.finish()
            context.printError("narrate: interrupted; no read-along book written")
            throw Interrupted(signal: SIGINT)
        } catch let error as AudiobookError {
            folder.remove()
            job.progress?.finish()
            throw Failure(output, error.description)
        } catch let error as ReadAlongError {
            throw Failure(input.path, error.description)
        }
    }

    /// The book's files when it is an EPUB (its content documents are made
    /// read-along); nil for other books (a new EPUB is written).
    private func openArchive() -> (any Archive)? {
        guard let source = try? FileByteSource(path: input.path), let archive = try? ZipArchive(file: source),
            archive.contains("META-INF/container.xml")
        else { return nil }
        return archive
    }

    /// What one audio file holds: the pages it narrates and their utterances.
    struct RenderedGroup {
        var pages: [BookOutline.PageInfo]
        var document: EPUBReadAlong.NarratedDocument
    }

    /// Renders one audio file per content document (`byDocument`: pages
    /// grouped by the document they come from) or per page, one encoder per group.
    private func render(_ pages: [BookOutline.PageInfo], job: AudiobookJob, byDocument: Bool) throws -> [RenderedGroup] {
        var groups: [[BookOutline.PageInfo]] = []
        for page in pages where page.characters > 0 {
            if byDocument, let last = groups.last?.last, last.resource == page.resource {
                groups[groups.count - 1].append(page)
            } else {
                groups.append([page])
            }
        }
        guard !groups.isEmpty else { throw Failure(input.path, "nothing to speak: the selected pages have no text") }
        let plan = RenderPlan(groups: groups.map { $0.map { ($0.index, $0.characters) } }, workers: settings.audio.jobs)
        let renderer = job.renderer(plan)
        var timeline = AudiobookTimeline(plan: plan, sampleRate: AudiobookSession.sampleRate, joinDelay: 0)
        try job.render(renderer, timeline: &timeline, pages: pages, pieceEncoded: { _ in })
        return try groups.indices.map { piece in
            let chunks = plan.chunks(ofPiece: piece)
            let origin = timeline.start(ofChunk: chunks.first ?? 0)
            var utterances: [TimedUtterance] = []
            for chunk in chunks {
                let offset = timeline.start(ofChunk: chunk) - origin
                for case .utterance(let timing) in try RenderMarksReader.read(renderer.marksPath(chunk)) {
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
    private func page(_ group: RenderedGroup, outline: BookOutline, stream: any PageStream, context: CommandContext) throws
        -> GeneratedReadAlong.Page
    {
        let info = group.pages[0]
        var image: GeneratedReadAlong.Image?
        if let path = info.image {
            if let bytes = (try? stream.resource(at: path)) ?? besideInput(path), let picture = CoverImage(bytes: bytes) {
                image = .init(bytes: picture.bytes, fileExtension: picture.fileExtension, mediaType: picture.mediaType)
            } else {
                context.warnings(about: input.path).warn("page \(info.index + 1)'s picture \(path) is missing, over 64 MB or not a JPEG, PNG, GIF or SVG image; the page has none")
            }
        }
        return GeneratedReadAlong.Page(
            title: info.title, image: image, utterances: group.document.utterances, audioFile: group.document.audioFile)
    }

    /// The file `name` next to the book (a plist's `backgroundImage`);
    /// nil when absent, larger than ``pictureLimit``, or when the name
    /// would leave the book's folder.
    private func besideInput(_ name: String) -> [UInt8]? {
        guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return nil }
        let path = URL(fileURLWithPath: input.path).deletingLastPathComponent().appendingPathComponent(name).path
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
            size <= Self.pictureLimit
        else { return nil }
        return FileManager.default.contents(atPath: path).map(Array.init)
    }

    /// A page picture larger than this is left out (with the warning a
    /// missing one gets), so a plist naming a huge file cannot fill memory.
    static let pictureLimit = 64 << 20

    private static func timed(_ timing: UtteranceTiming, offset: Double) -> TimedUtterance {
        let rate = Double(AudiobookSession.sampleRate)
        return TimedUtterance(
            text: timing.text, begin: offset + Double(timing.startSample) / rate, end: offset + Double(timing.endSample) / rate,
            words: timing.words.map {
                .init(range: $0.range, begin: offset + Double($0.startSample) / rate, end: offset + Double($0.endSample) / rate)
            }, language: timing.language, line: timing.source?.line)
    }

    private func warn(_ report: EPUBReadAlong.Report, context: CommandContext) {
        let warnings = context.warnings(about: input.path)
        if let repairs = report.repairs.summary { warnings.warn(repairs) }
        for (path, reason) in report.skipped { warnings.warn("\(path): \(reason)") }
        // List markers and image descriptions are spoken but not in the
        // text: a few words not found are expected, more is worth a warning.
        if report.unmatched * 50 > max(report.fragments, 1) {
            let what = settings.sync == .word ? "words" : "sentences"
            warnings.warn("\(report.unmatched) narrated \(what) were not found in their documents and are not highlighted")
        }
    }
}
