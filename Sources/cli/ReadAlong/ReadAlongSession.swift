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
        let archive = try openArchive()
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
            let documents = try render(selected, job: job)
            guard let destination = file.pathToWrite else { throw Failure(output, "cannot write a read-along book here") }
            let book = try EPUBReadAlong(archive: archive, sync: settings.sync)
            let report = try book.write(documents, to: destination)
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

    /// The book's files: an EPUB zip.
    private func openArchive() throws -> any Archive {
        do {
            let archive = try ZipArchive(file: try FileByteSource(path: input.path))
            if archive.contains("META-INF/container.xml") { return archive }
        } catch {}
        throw Failure(input.path, "read-along books are made from EPUB books only so far; this is not an EPUB")
    }

    /// Renders one audio file per content document: pages grouped by the
    /// document they come from, one encoder per group.
    private func render(_ pages: [BookOutline.PageInfo], job: AudiobookJob) throws -> [EPUBReadAlong.NarratedDocument] {
        var groups: [[BookOutline.PageInfo]] = []
        for page in pages where page.characters > 0 {
            if let last = groups.last?.last, last.resource == page.resource { groups[groups.count - 1].append(page) } else {
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
            return EPUBReadAlong.NarratedDocument(
                contentPath: groups[piece].first?.resource ?? "", utterances: utterances,
                audioFile: renderer.piecePath(piece), audioExtension: "mp3", audioType: "audio/mpeg")
        }
    }

    private static func timed(_ timing: UtteranceTiming, offset: Double) -> TimedUtterance {
        let rate = Double(AudiobookSession.sampleRate)
        return TimedUtterance(
            text: timing.text, begin: offset + Double(timing.startSample) / rate, end: offset + Double(timing.endSample) / rate,
            words: timing.words.map {
                .init(range: $0.range, begin: offset + Double($0.startSample) / rate, end: offset + Double($0.endSample) / rate)
            })
    }

    private func warn(_ report: EPUBReadAlong.Report, context: CommandContext) {
        let warnings = context.warnings(about: input.path)
        for (path, reason) in report.skipped { warnings.warn("\(path): \(reason)") }
        // List markers and image descriptions are spoken but not in the
        // text: a few words not found are expected, more is worth a warning.
        if report.unmatched * 50 > max(report.fragments, 1) {
            let what = settings.sync == .word ? "words" : "sentences"
            warnings.warn("\(report.unmatched) narrated \(what) were not found in their documents and are not highlighted")
        }
    }
}
