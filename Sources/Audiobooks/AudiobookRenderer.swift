import Glibc

/// Renders a book into audiobook pieces on every core and muxes them into
/// finished files: the audiobook writer's one entry point. Worker processes
/// (narrate itself, on a page range) render chunks; one encoder per piece
/// encodes them in order; ``mux(pieces:tags:chapters:cover:output:)`` joins
/// pieces with their tags, chapters and cover. Every temporary file lives in
/// `workDirectory`, which the caller creates and removes.
public final class AudiobookRenderer {
    /// The worker's program and arguments for a chunk (its index in the
    /// plan), which writes the files of ``spool(_:)``.
    public typealias WorkerCommand = (_ chunk: Int) -> (program: String, arguments: [String])

    public let plan: RenderPlan
    public let format: AudiobookFormat
    private let ffmpeg: FFmpeg
    private let workDirectory: String
    private let sampleRate: Int
    private let scheduler: RenderScheduler

    /// - Parameters:
    ///   - bitrate: bits per second; nil for the format's default.
    ///   - sampleRate: of the workers' samples.
    ///   - workers: worker processes at once, and encoders at once for a
    ///     plan of several pieces.
    public init(
        plan: RenderPlan, format: AudiobookFormat, bitrate: Int?, sampleRate: Int, workers: Int, ffmpeg: FFmpeg,
        workDirectory: String, workerCommand: @escaping WorkerCommand
    ) {
        self.plan = plan
        self.format = format
        self.ffmpeg = ffmpeg
        self.workDirectory = workDirectory
        self.sampleRate = sampleRate
        let pieceExtension = format.pieceExtension
        scheduler = RenderScheduler(
            plan: plan, workers: workers, encoders: workers, workDirectory: workDirectory,
            launch: { chunk, spool throws(AudiobookError) in
                let (program, arguments) = workerCommand(chunk)
                let log = try LogFile(path: spool.log)
                let null = open("/dev/null", O_RDWR | O_CLOEXEC)
                defer { close(null) }
                return try Subprocess(program, arguments, standardInput: null, standardOutput: null, standardError: log.descriptor)
            },
            startEncoder: { piece throws(AudiobookError) in
                try ffmpeg.startEncoder(
                    format: format, bitrate: bitrate, sampleRate: sampleRate,
                    output: "\(workDirectory)/piece-\(piece).\(pieceExtension)", log: "\(workDirectory)/piece-\(piece).log")
            })
    }

    /// Samples given to the encoders so far.
    public var samplesFed: Int { scheduler.samplesFed }

    /// The encoded file of a piece, once ``run(chunkFed:pieceEncoded:shouldStop:)`` reported it.
    public func piecePath(_ piece: Int) -> String { "\(workDirectory)/piece-\(piece).\(format.pieceExtension)" }

    /// Where a chunk's worker writes.
    public func spool(_ chunk: Int) -> RenderSpool { scheduler.spool(chunk) }

    /// Renders and encodes every piece; see ``RenderScheduler/run(chunkFed:pieceEncoded:shouldStop:)``.
    public func run(
        done: Set<Int> = [],
        chunkFed: (_ chunk: Int, _ base: Int, _ samples: Int) throws(AudiobookError) -> Void,
        pieceEncoded: (_ piece: Int) throws(AudiobookError) -> Void, shouldStop: () -> Bool
    ) throws(AudiobookError) {
        try scheduler.run(done: done, chunkFed: chunkFed, pieceEncoded: pieceEncoded, shouldStop: shouldStop)
    }

    /// Samples a piece takes in the joined audio once encoded: its own
    /// `samples` and what its encoding adds (AAC: all its frames, counted
    /// with ffprobe, priming and padding included; Opus: the pre-skip of
    /// the join after it; FLAC: nothing).
    public func joinedLength(ofPiece piece: Int, samples: Int, isLast: Bool) throws(AudiobookError) -> Int {
        if format.countsFrames { return try ffmpeg.packetCount(piecePath(piece), log: "\(workDirectory)/probe-\(piece).log") * 1024 }
        return samples + (isLast ? 0 : format.joinDelaySamples)
    }

    /// Samples at the start of the joined audio that its clock hides (the
    /// first AAC piece's priming): the audio is its pieces' joined lengths
    /// less these.
    public var leadingTrim: Int { format.countsFrames ? 1024 : 0 }

    /// Joins `pieces` into `output` (a path narrate may replace) with tags,
    /// chapters and cover in the format's own fields.
    /// - Parameter lengths: each piece's joined length in samples (from
    ///   ``joinedLength(ofPiece:samples:isLast:)``), given to the join as its
    ///   duration when the pieces' own headers do not say it exactly (AAC).
    public func mux(pieces: [Int], lengths: [Int: Int] = [:], tags: AudiobookTags, chapters: [Chapter], cover: CoverImage?,
        output: String) throws(AudiobookError)
    {
        var document = FFMetadataDocument(tags: tags, chapters: chapters, chaptersAsTags: format.needsChapterTags)
        var coverPath: String?
        if let cover {
            let path = try prepare(cover)
            if format.coverAsComment {
                let bytes = path == nil ? cover.bytes : try readFile(path ?? "")
                let picture = CoverImage(bytes: bytes) ?? cover
                document.rawTags.append(("METADATA_BLOCK_PICTURE", picture.vorbisPictureComment))
            } else {
                if let path { coverPath = path } else { coverPath = try writeCover(cover) }
            }
        }
        let durations = format.countsFrames && pieces.count > 1
            ? pieces.map { piece in lengths[piece].map { Double($0) / Double(sampleRate) } } : []
        try ffmpeg.mux(
            pieces: pieces.map(piecePath), durations: durations, metadata: document, cover: coverPath, format: format, sampleRate: sampleRate,
            output: output,
            workDirectory: workDirectory)
    }

    /// An SVG cover rasterised to JPEG (its path); nil for other kinds.
    private func prepare(_ cover: CoverImage) throws(AudiobookError) -> String? {
        guard cover.kind == .svg else { return nil }
        let source = try writeCover(cover)
        let jpeg = workDirectory + "/cover-raster.jpg"
        if !PlainFiles.exists(jpeg) { try ffmpeg.rasterise(source, to: jpeg, log: workDirectory + "/cover.log") }
        return jpeg
    }

    private func writeCover(_ cover: CoverImage) throws(AudiobookError) -> String {
        let path = "\(workDirectory)/cover.\(cover.fileExtension)"
        if PlainFiles.exists(path) { return path }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .file(path: path, message: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let written = cover.bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == cover.bytes.count else { throw .file(path: path, message: "cannot write the cover") }
        return path
    }

    private func readFile(_ path: String) throws(AudiobookError) -> [UInt8] {
        guard let data = PlainFiles.contents(path) else { throw .file(path: path, message: "cannot read") }
        return data
    }
}
