import Audiobooks
import Foundation
import Narrator

/// A render worker: renders one chunk of a ``RenderOrder`` as raw 16-bit
/// samples plus its marks (page starts, utterance timings), reading the
/// book and narrating it exactly as the job says. Its warnings and its
/// failure go to the chunk's messages file for the parent to print.
public struct RenderWorker {
    public let order: RenderOrder
    /// The work folder the order lies in, where the chunk's files go.
    public let folder: String
    public let chunk: Int

    /// - Throws: ``Failure`` when the order cannot be read or has no such chunk.
    public init(orderPath: String, chunk: Int) throws(Failure) {
        order = try RenderOrder.load(orderPath)
        folder = URL(fileURLWithPath: orderPath).deletingLastPathComponent().path
        guard order.plan.chunks.indices.contains(chunk) else {
            throw Failure(orderPath, "the render order has no chunk \(chunk)")
        }
        self.chunk = chunk
    }

    /// Renders the chunk; warnings and a failure are also written as messages.
    /// The worker stops when `shouldStop` says so or its parent has gone (a
    /// killed render leaves no worker writing into the folder a resumed
    /// run takes over).
    public func run(_ context: CommandContext, shouldStop: @escaping () -> Bool) throws {
        let parent = getppid()
        let shouldStop = { shouldStop() || getppid() != parent }
        let messages = WorkerMessageLog(path: WorkerMessage.path(forChunk: chunk, in: folder))
        context.forwardWarning = { file, message in messages.append(.warning(file: file, message: message)) }
        do {
            try render(context, shouldStop: shouldStop)
        } catch let failure as Failure {
            messages.append(.failure(file: failure.subject, message: failure.message))
            throw failure
        } catch {
            messages.append(.failure(file: nil, message: "\(error)"))
            throw error
        }
    }

    /// The narration options of this chunk: the job's, on its pages, from
    /// the job's start when that falls in them.
    var narration: NarrationOptions {
        let pages = order.plan.chunks[chunk].pages
        var options = order.job.narration
        options.pages = (pages.lowerBound + 1)...(pages.upperBound + 1)
        options.start = order.job.narration.start.flatMap { pages.contains($0.page) ? $0 : nil }
        return options
    }

    private func render(_ context: CommandContext, shouldStop: @escaping () -> Bool) throws {
        let book = order.job.book
        let options = narration
        let stream = try BookOpener.open(book, context: context, inMemory: false)
        // One ONNX Runtime thread per worker: there is a worker per core.
        let engine = try SpeechEngines.open(options, threads: 1, warnings: context.warnings(about: book.path))
        let narrator: Narrator
        do {
            narrator = try Narrator(engine: engine, options: options, language: stream.metadata.language,
                warnings: context.warnings(about: book.path))
        } catch { throw Failure(book.path, error.description) }
        let spool = RenderSpool(chunk: chunk, in: folder)
        let descriptor = open(spool.audio, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(spool.audio, systemMessage(errno)) }
        defer { close(descriptor) }
        let marksWriter = try RenderMarksWriter(path: spool.marks)
        let sink: WAVWriter
        do { sink = try WAVWriter(descriptor: descriptor, sampleRate: engine.sampleRate, writesHeader: false) } catch {
            throw Failure(spool.audio, error.description)
        }
        do {
            _ = try narrator.narrate(stream, to: sink, observer: marksWriter, shouldStop: { context.strictFailure != nil || shouldStop() })
        } catch {
            throw Failure(book.path, error.description)
        }
        try context.checkStrict()
        try marksWriter.finish()
    }
}
