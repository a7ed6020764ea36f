import Glibc

/// Runs a ``RenderPlan``: starts worker processes that render chunks into
/// spool files (at most `workers` at a time, and only a few chunks ahead
/// of the encoders, so the disk holds a bounded amount of audio), and
/// feeds each piece's encoder its chunks' samples in order as they are
/// written. Single-threaded: one loop polls workers and encoder pipes.
final class RenderScheduler {
    /// Starts the worker for a chunk (the caller knows narrate's command line).
    typealias LaunchWorker = (_ chunk: Int, _ spool: RenderSpool) throws(AudiobookError) -> Subprocess
    /// Starts the encoder of a piece.
    typealias StartEncoder = (_ piece: Int) throws(AudiobookError) -> EncoderProcess

    private let plan: RenderPlan
    private let workers: Int
    private let encoders: Int
    private let workDirectory: String
    private let launch: LaunchWorker
    private let startEncoder: StartEncoder
    private var running: [Int: Subprocess] = [:]
    private var rendered: Set<Int> = []
    private var nextToStart: [Int]
    private var feeds: [Int: PieceFeed] = [:]
    private var nextPiece = 0
    private var skipped: Set<Int> = []
    private var finishedPieces = 0
    private var samplesOfFinishedPieces = 0

    /// Samples given to the encoders so far.
    var samplesFed: Int { samplesOfFinishedPieces + feeds.values.reduce(0) { $0 + $1.samplesFed } }

    /// - Parameters:
    ///   - workers: worker processes at once (the number of cores).
    ///   - encoders: encoder processes at once; pieces start in order.
    init(plan: RenderPlan, workers: Int, encoders: Int, workDirectory: String, launch: @escaping LaunchWorker,
        startEncoder: @escaping StartEncoder)
    {
        self.plan = plan
        self.workers = max(workers, 1)
        self.encoders = max(encoders, 1)
        self.workDirectory = workDirectory
        self.launch = launch
        self.startEncoder = startEncoder
        nextToStart = (0..<plan.pieceCount).map { plan.chunks(ofPiece: $0).first ?? 0 }
    }

    deinit { stopAll() }

    /// The spool files of a chunk.
    func spool(_ chunk: Int) -> RenderSpool { RenderSpool(chunk: chunk, in: workDirectory) }

    /// Renders and encodes every piece not in `done`.
    /// - Parameters:
    ///   - done: pieces encoded by an earlier run, whose files are kept.
    ///   - chunkFed: called when a chunk's samples are all in its encoder,
    ///     with the samples of its piece before it and its own count.
    ///   - pieceEncoded: called when a piece's encoder has finished.
    ///   - shouldStop: polled about every 20 ms; true stops everything.
    /// - Throws: ``AudiobookError`` for a failed worker or encoder, and
    ///   ``AudiobookError/interrupted`` when `shouldStop` turned true.
    func run(
        done: Set<Int> = [],
        chunkFed: (_ chunk: Int, _ base: Int, _ samples: Int) throws(AudiobookError) -> Void,
        pieceEncoded: (_ piece: Int) throws(AudiobookError) -> Void, shouldStop: () -> Bool
    ) throws(AudiobookError) {
        defer { stopAll() }
        skipped = done.filter { (0..<plan.pieceCount).contains($0) }
        finishedPieces = skipped.count
        while finishedPieces < plan.pieceCount {
            if shouldStop() { throw .interrupted }
            try reapWorkers()
            try startPieces()
            try startWorkers()
            var progressed = false
            for piece in feeds.keys.sorted() {
                guard let feed = feeds[piece] else { continue }
                if try feed.pump(rendered: rendered, spool: spool, chunkFed: chunkFed) { progressed = true }
                if try feed.isEncoded() {
                    samplesOfFinishedPieces += feed.samplesFed
                    feeds[piece] = nil
                    finishedPieces += 1
                    try pieceEncoded(piece)
                    progressed = true
                }
            }
            if !progressed { waitForWork() }
        }
    }

    /// Notes workers that have ended; a failure stops the run with the
    /// worker's own last line.
    private func reapWorkers() throws(AudiobookError) {
        for (chunk, process) in running where process.hasExited {
            running[chunk] = nil
            let status = process.exitStatus ?? -1
            guard status == 0 else {
                if status == 130 || status == 128 + SIGTERM { throw .interrupted }
                throw .worker(chunk: chunk, pages: plan.chunks[chunk].pages, status: status)
            }
            rendered.insert(chunk)
        }
    }

    /// Starts encoders for the next pieces while fewer than `encoders` run.
    private func startPieces() throws(AudiobookError) {
        while feeds.count < encoders, nextPiece < plan.pieceCount {
            if skipped.contains(nextPiece) {
                nextPiece += 1
                continue
            }
            feeds[nextPiece] = PieceFeed(chunks: plan.chunks(ofPiece: nextPiece), encoder: try startEncoder(nextPiece))
            nextPiece += 1
        }
    }

    /// Starts workers while fewer than `workers` run, for the piece that
    /// has the least audio waiting, and never more than two chunks ahead
    /// of what each encoder reads.
    private func startWorkers() throws(AudiobookError) {
        while running.count < workers {
            let candidates = feeds.keys.sorted().compactMap { piece -> (piece: Int, chunk: Int, ahead: Int)? in
                let chunk = nextToStart[piece]
                guard let feed = feeds[piece], plan.chunks.indices.contains(chunk),
                    plan.chunks[chunk].piece == piece
                else { return nil }
                let ahead = chunk - feed.currentChunk
                return ahead <= 2 + workers / max(feeds.count, 1) ? (piece, chunk, ahead) : nil
            }
            guard let choice = candidates.min(by: { $0.ahead < $1.ahead }) else { return }
            running[choice.chunk] = try launch(choice.chunk, spool(choice.chunk))
            nextToStart[choice.piece] = choice.chunk + 1
        }
    }

    /// Sleeps until an encoder can take more or 20 ms have passed.
    private func waitForWork() {
        var descriptors = feeds.values.compactMap { $0.waitingDescriptor }.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
        _ = poll(&descriptors, nfds_t(descriptors.count), 20)
    }

    /// Ends every worker and encoder still running.
    private func stopAll() {
        for process in running.values { process.terminate() }
        for process in running.values { process.wait() }
        running = [:]
        for feed in feeds.values { feed.encoder.terminate() }
        feeds = [:]
    }
}

/// Where a chunk's worker writes, in the work folder: `chunk-N.pcm`,
/// `chunk-N.marks`, `chunk-N.log`.
public struct RenderSpool: Sendable {
    /// Raw 16-bit samples.
    public let audio: String
    /// The worker's page marks and timings.
    public let marks: String
    /// Its standard error (kept for a crash's last words).
    public let log: String

    public init(chunk: Int, in workDirectory: String) {
        let base = "\(workDirectory)/chunk-\(chunk)"
        audio = base + ".pcm"
        marks = base + ".marks"
        log = base + ".log"
    }
}
