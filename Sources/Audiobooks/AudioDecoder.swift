import Glibc

/// Any audio file ffmpeg reads (MP3, M4B, Opus, FLAC, WAV, a video's sound
/// track) decoded to 16-bit mono samples at one rate, delivered in blocks
/// as ffmpeg produces them: a 10-hour recording never sits in memory.
public struct AudioDecoder: Sendable {
    public let ffmpeg: FFmpeg
    /// Samples per second delivered.
    public let sampleRate: Int

    /// How much of a file is decoded.
    public enum Stretch: Sendable, Equatable {
        case whole
        /// Its first seconds (all of a shorter file).
        case first(seconds: Double)
        /// Its last seconds (all of a shorter file).
        case last(seconds: Double)
    }

    public init(ffmpeg: FFmpeg, sampleRate: Int) {
        self.ffmpeg = ffmpeg
        self.sampleRate = sampleRate
    }

    /// Decodes `path`, calling `body` with each block of samples.
    /// - Parameters:
    ///   - log: where ffmpeg's errors go (its last line becomes the message).
    ///   - stretch: the part of the file decoded; the whole by default.
    ///   - shouldStop: asked between blocks; true ends the decoding with
    ///     ``AudiobookError/interrupted``.
    /// - Returns: the number of samples delivered.
    /// - Throws: ``AudiobookError/toolFailed(program:message:)`` when ffmpeg
    ///   cannot read the file (ffmpeg's own words), and what `body` throws.
    @discardableResult
    public func decode(
        _ path: String, stretch: Stretch = .whole, log: String, shouldStop: () -> Bool = { false },
        _ body: (UnsafeBufferPointer<Int16>) throws(AudiobookError) -> Void
    ) throws(AudiobookError) -> Int {
        let logFile = try LogFile(path: log)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .file(path: log, message: "cannot make a pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        var (before, after): ([String], [String]) = ([], [])
        // A stretch is never more than its seconds, whatever length the file's header claims.
        switch stretch {
        case .whole: break
        case .first(let seconds): after = ["-t", String(seconds)]
        case .last(let seconds): (before, after) = (["-sseof", String(-seconds)], ["-t", String(seconds)])
        }
        let arguments = ["-nostdin", "-hide_banner", "-loglevel", "error"] + before + ["-i", path, "-vn", "-map", "0:a:0", "-ac", "1",
            "-ar", String(sampleRate)] + after + ["-f", "s16le", "-acodec", "pcm_s16le", "pipe:1"]
        let process: Subprocess
        do {
            defer {
                close(null)
                close(ends[1])
            }
            process = try Subprocess(ffmpeg.path, arguments, standardInput: null, standardOutput: ends[1], standardError: logFile.descriptor)
        } catch {
            close(ends[0])
            throw error
        }
        defer { close(ends[0]) }
        let count = try read(ends[0], process: process, shouldStop: shouldStop, body)
        let status = process.wait()
        guard status == 0 else { throw .toolFailed(program: "ffmpeg", message: logFile.lastLine(or: status)) }
        return count
    }

    private func read(
        _ descriptor: Int32, process: Subprocess, shouldStop: () -> Bool,
        _ body: (UnsafeBufferPointer<Int16>) throws(AudiobookError) -> Void
    ) throws(AudiobookError) -> Int {
        var buffer = [Int16](repeating: 0, count: 1 << 15)
        var carried = 0  // bytes of a sample split across reads (0 or 1)
        var count = 0
        while true {
            if shouldStop() {
                process.terminate()
                throw .interrupted
            }
            let got = buffer.withUnsafeMutableBytes { raw in
                Glibc.read(descriptor, raw.baseAddress.map { $0 + carried }, raw.count - carried)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            let bytes = carried + got
            let samples = bytes / 2
            try buffer.withUnsafeBufferPointer { (pointer) throws(AudiobookError) in
                try body(UnsafeBufferPointer(rebasing: pointer[..<samples]))
            }
            count += samples
            carried = bytes % 2
            if carried == 1 { buffer.withUnsafeMutableBytes { $0[0] = $0[bytes - 1] } }
        }
        return count
    }
}

extension FFmpeg {
    /// Encodes samples `range` of a raw 16-bit mono file at `sampleRate`
    /// into a file of `format` (exact to the sample).
    public func encode(
        raw path: String, samples range: Range<Int>, sampleRate: Int, format: AudiobookFormat, bitrate: Int?, output: String,
        log: String
    ) throws(AudiobookError) {
        let arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-skip_initial_bytes", String(range.lowerBound * 2),
            "-f", "s16le", "-ar", String(sampleRate), "-ac", "1", "-i", path,
            "-af", "atrim=end_sample=\(range.count)"] + format.encoderArguments(bitrate: bitrate) + ["-y", output]
        try run(arguments, log: log)
    }
}
