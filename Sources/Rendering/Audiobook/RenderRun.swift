import Audiobooks
import BookModel
import Foundation
import Narrator

/// One render of a job in worker processes, shared by every output that
/// renders in them (one audiobook file, a file per chapter, a read-along
/// book): the book's outline and cover read once, the render order written
/// for the workers, their progress, messages and failures, and what an
/// earlier interrupted run of the same job left to resume.
public final class RenderRun {
    /// The job as the workers see it: standard input saved to a file, the
    /// lexicon beside the book resolved.
    public let job: RenderJob
    /// The input as the user named it (`-` for standard input), for messages.
    public let userInput: String
    public let ffmpeg: FFmpeg
    public let folder: WorkFolder
    public let outline: BookOutline
    public let cover: CoverImage?
    let host: RenderHost
    /// Pieces finished by an earlier run of the same job, by piece.
    private var finished: [Int: PieceRecord] = [:]

    /// espeak-ng's sample rate, which the workers render at.
    public static let sampleRate = 22_050

    /// Opens the book once and reads its outline and cover; says what
    /// the workers would each say (a Piper fallback) once.
    /// - Parameter stream: called with the open stream (the read-along
    ///   writer takes page pictures from it).
    public init(job: RenderJob, ffmpeg: FFmpeg, folder: WorkFolder, host: RenderHost, cover chooseCover: Bool) throws {
        var job = job
        userInput = job.book.path
        let context = host.context
        if job.book.path == "-" { job.book.path = try folder.saveStandardInput() }
        job.book = UserLexicons.resolved(job.book, notice: context.printError)
        let stream = try BookOpener.open(job.book, context: context, inMemory: false)
        try SpeechEngines.noticeFallback(
            language: stream.metadata.language, job.narration, warnings: context.warnings(about: userInput))
        var outline: BookOutline
        do { outline = try BookOutline(stream) } catch let error as Failure { throw error } catch {
            throw Failure(userInput, "\(error)")
        }
        if userInput == "-", outline.metadata.sourceFile == WorkFolder.standardInputName {
            outline.metadata.sourceFile = nil  // not a name the user gave: an untitled book stays "Untitled"
        }
        try context.checkStrict()
        self.job = job
        self.ffmpeg = ffmpeg
        self.folder = folder
        self.outline = outline
        self.host = host
        let coverFile: String? = if case .audiobook(let output) = job.output { output.cover } else { nil }
        cover = chooseCover
            ? try CoverChooser(cover: coverFile, stream: stream, outline: outline, context: context, input: userInput).choose()
            : nil
        self.stream = stream
    }

    /// The open book (for page pictures).
    public let stream: any PageStream

    /// The pages `--pages`/`--from` select.
    public func selectedPages() throws -> [BookOutline.PageInfo] {
        try outline.selected(
            pages: job.narration.pages, from: job.narration.start?.page, input: userInput,
            warnings: host.context.warnings(about: userInput))
    }

    /// A renderer for `plan`, whose workers read the render order written
    /// now into the work folder. When the folder holds an earlier run of
    /// the same job and book, its plan is kept and its finished pieces are
    /// not rendered again.
    public func renderer(_ plan: RenderPlan) throws -> AudiobookRenderer {
        let order = try resumableOrder(RenderOrder(job: job, plan: plan, book: outline.fingerprint))
        let orderPath = try order.save(in: folder.path)
        let program = host.program
        let renderer = AudiobookRenderer(
            plan: order.plan, format: job.output.audioFormat, bitrate: job.output.bitrate, sampleRate: Self.sampleRate,
            workers: job.jobs, ffmpeg: ffmpeg, workDirectory: folder.path,
            workerCommand: { chunk in (program, ["_render", orderPath, String(chunk)]) })
        finished = folder.isResumed ? PieceRecord.finished(in: folder.path, order: order, piecePath: renderer.piecePath) : [:]
        if !finished.isEmpty {
            host.context.printError("narrate: resuming: \(finished.count) of \(order.plan.pieceCount) parts were rendered by an earlier run")
        }
        return renderer
    }

    /// The order an earlier run left in the folder when it is this job's on
    /// the same book (its plan then stands), else `order`, with the
    /// folder's earlier work removed.
    private func resumableOrder(_ order: RenderOrder) throws -> RenderOrder {
        guard folder.isResumed else { return order }
        if let earlier = try? RenderOrder.load(folder.path + "/" + RenderOrder.fileName), earlier.job.identity == order.job.identity,
            earlier.book == order.book
        {
            return earlier
        }
        host.context.printError("narrate: the book or the options changed since the interrupted run; starting afresh")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name != WorkFolder.ownerFile && name != WorkFolder.standardInputName {
            try? FileManager.default.removeItem(atPath: folder.path + "/" + name)
        }
        return order
    }

    /// Runs `renderer`, recording each chunk in `timeline` (those of
    /// pieces finished earlier too), printing the workers' warnings and the
    /// progress; each finished piece is recorded for a later resume.
    public func render(
        _ renderer: AudiobookRenderer, timeline: inout AudiobookTimeline, pages: [BookOutline.PageInfo],
        pieceEncoded: (Int) throws -> Void
    ) throws {
        let plan = renderer.plan
        let total = max(pages.reduce(0) { $0 + $1.characters }, 1)
        let characters = Dictionary(uniqueKeysWithValues: pages.map { ($0.index, $0.characters) })
        func charactersOf(chunk: Int) -> Int { plan.chunks[chunk].pages.reduce(0) { $0 + (characters[$1] ?? 0) } }
        var done = 0
        var resumedSamples = 0
        for record in finished.values {
            timeline.record(piece: record.piece, length: record.length)
            for chunk in record.chunks {
                timeline.record(chunk: chunk.chunk, base: chunk.base, samples: chunk.samples)
                done += charactersOf(chunk: chunk.chunk)
                resumedSamples += chunk.samples
            }
        }
        var fed: [Int: [PieceRecord.ChunkRecord]] = [:]
        var lastPage = pages.first?.index ?? 0
        var failure: Error?
        do {
            try renderer.run(
                done: Set(finished.keys),
                chunkFed: { chunk, base, samples throws(AudiobookError) in
                    timeline.record(chunk: chunk, base: base, samples: samples)
                    fed[plan.chunks[chunk].piece, default: []].append(.init(chunk: chunk, base: base, samples: samples))
                    done += charactersOf(chunk: chunk)
                    lastPage = min(plan.chunks[chunk].pages.upperBound + 1, pages.last?.index ?? 0)
                    printWarnings(ofChunk: chunk)
                },
                pieceEncoded: { piece throws(AudiobookError) in
                    let length = try renderer.joinedLength(
                        ofPiece: piece, samples: timeline.samples(ofPiece: piece), isLast: piece == plan.pieceCount - 1)
                    timeline.record(piece: piece, length: length)
                    do {
                        if folder.isKept { try PieceRecord(piece: piece, chunks: fed[piece] ?? [], length: length).save(in: folder.path) }
                        try pieceEncoded(piece)
                    } catch let error as AudiobookError { throw error } catch {
                        failure = error
                        throw .interrupted
                    }
                },
                shouldStop: {
                    showProgress(samples: resumedSamples + renderer.samplesFed, done: done, total: total, recorded: timeline.samplesRecorded, page: lastPage)
                    return host.shouldStop()
                })
        } catch {
            if let failure { throw failure }
            throw self.failure(error, plan: plan)
        }
        host.progress?.finish()
    }

    private func showProgress(samples: Int, done: Int, total: Int, recorded: Int, page: Int) {
        guard let progress = host.progress else { return }
        // Samples per character: measured once a chunk is in, else
        // espeak-ng's at normal speed (Pride and Prejudice: 1,232).
        let perCharacter = done > 0 && recorded > 0 ? Double(recorded) / Double(done) : 1_232
        progress.progressed(NarrationProgress(
            page: page, pageCount: outline.pages.count, charactersDone: done, charactersTotal: total,
            samplesWritten: samples, estimatedFraction: min(Double(samples) / (perCharacter * Double(total)), 0.999)))
    }

    /// Prints what a chunk's worker warned of, each warning once.
    private func printWarnings(ofChunk chunk: Int) {
        for case .warning(let file, let message) in WorkerMessage.read(WorkerMessage.path(forChunk: chunk, in: folder.path)) {
            host.context.printWarning(message, file: file == job.book.path ? userInput : file)
        }
    }

    /// A worker's failure as the worker said it; other errors as they are.
    private func failure(_ error: Error, plan: RenderPlan) -> Error {
        guard case .worker(let chunk, _, _) = error as? AudiobookError else { return error }
        let said = WorkerMessage.read(WorkerMessage.path(forChunk: chunk, in: folder.path)).lazy.compactMap { message in
            if case .failure(let file, let text) = message { return (file, text) } else { return nil }
        }.last
        guard let (file, text) = said else { return error }
        return Failure(file == job.book.path ? userInput : file, text)
    }

    /// The tags of the book, or of one chapter's file.
    public func tags(track: (title: String, number: Int, count: Int)? = nil) -> AudiobookTags {
        AudiobookTags(outline.metadata, format: job.output.audioFormat, narrator: narrator, track: track)
    }

    /// The `composer` tag: `--narrator`, else the voice's name.
    public private(set) lazy var narrator: String? = {
        if case .audiobook(let output) = job.output, let name = output.narrator { return name }
        return SpeechEngines.voiceName(job.narration, language: outline.metadata.language)
    }()

    /// Runs `body`, turning an interrupt into the one message every output
    /// gives (`narrate: interrupted; no NOUN written`, and whether the work
    /// is kept to resume) and ``Interrupted``, and the renderer's errors
    /// into failures about `output`. The work folder goes unless it is kept
    /// for a resume.
    public func guarded(output: String, noun: String, kept: String = "", _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as AudiobookError where error == .interrupted || host.shouldStop() {
            // Ctrl-C also reaches ffmpeg, which then fails: still an interrupt.
            // The work folder goes first: after SIGHUP, writing the message
            // to the closed terminal may end the process.
            if !folder.isKept { folder.remove() }
            host.progress?.finish()
            let resume = folder.isKept ? "; run the same command again to continue where it stopped" : ""
            host.context.printError("narrate: interrupted; no \(noun) written" + kept + resume)
            throw Interrupted(signal: SIGINT)
        } catch let error as AudiobookError {
            folder.remove()
            host.progress?.finish()
            throw Failure(output, error.description)
        } catch {
            folder.remove()
            host.progress?.finish()
            throw error
        }
    }
}
