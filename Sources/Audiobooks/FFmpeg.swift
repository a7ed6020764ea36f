import Foundation

/// The ffmpeg program: the one wrapper narrate has around it. It encodes
/// raw samples into pieces and muxes pieces, tags, chapters and cover into
/// the finished file; it never sees narrate's own temporary names in a
/// message to the user.
public struct FFmpeg: Sendable {
    /// The executable's path.
    public let path: String

    /// Finds `ffmpeg` on `PATH`.
    /// - Throws: ``AudiobookError/missingEncoder(format:)`` when it is not there.
    public static func locate(for format: AudiobookFormat, environment: [String: String]) throws(AudiobookError) -> FFmpeg {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for directory in directories where !directory.isEmpty {
            let candidate = directory + "/ffmpeg"
            if access(candidate, X_OK) == 0 { return FFmpeg(path: candidate) }
        }
        throw .missingEncoder(format: format)
    }

    /// Starts an encoder reading 16-bit mono samples at `sampleRate` on a
    /// pipe and writing a piece of `format` to `output`.
    func startEncoder(format: AudiobookFormat, bitrate: Int?, sampleRate: Int, output: String, log: String)
        throws(AudiobookError) -> EncoderProcess
    {
        let arguments = Self.quiet + ["-f", "s16le", "-ar", String(sampleRate), "-ac", "1", "-i", "pipe:0"]
            + format.encoderArguments(bitrate: bitrate) + ["-y", output]
        return try EncoderProcess(ffmpeg: path, arguments: arguments, log: log)
    }

    /// Joins `pieces` (without re-encoding) into `output` with the tags and
    /// chapters of `metadata` and, when given, `cover` as the format's cover art.
    /// - Parameter workDirectory: where the metadata file and join list go.
    func mux(pieces: [String], metadata: FFMetadataDocument, cover: String?, format: AudiobookFormat,
        output: String, workDirectory: String) throws(AudiobookError)
    {
        let metadataPath = workDirectory + "/metadata.txt"
        try write(metadata.text, to: metadataPath)
        var arguments = Self.quiet
        if pieces.count == 1 {
            arguments += ["-i", pieces[0]]
        } else {
            let listPath = workDirectory + "/pieces.txt"
            try write(pieces.map { "file '\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: "\n") + "\n", to: listPath)
            arguments += ["-f", "concat", "-safe", "0", "-i", listPath]
        }
        arguments += ["-i", metadataPath]
        if let cover { arguments += ["-i", cover] }
        let chapterSource = format.needsChapterTags ? "-1" : "1"
        arguments += ["-map", "0:a", "-map_metadata", "1", "-map_chapters", chapterSource, "-c:a", "copy"]
        if cover != nil {
            arguments += ["-map", "2:v", "-c:v", "copy", "-disposition:v:0", "attached_pic"]
            arguments += ["-metadata:s:v", "title=Cover", "-metadata:s:v", "comment=Cover (front)"]
        }
        arguments += format.muxerArguments + ["-y", output]
        try run(arguments, log: workDirectory + "/mux.log")
    }

    /// Turns an image ffmpeg can read (an SVG cover) into a PNG file.
    func rasterise(_ input: String, to output: String, log: String) throws(AudiobookError) {
        try run(Self.quiet + ["-i", input, "-frames:v", "1", "-c:v", "png", "-f", "image2", "-y", output], log: log)
    }

    /// Runs ffmpeg to its end with standard error to `log`.
    /// - Throws: ``AudiobookError/toolFailed(program:message:)`` with its last error line.
    func run(_ arguments: [String], log: String) throws(AudiobookError) {
        let logFile = try LogFile(path: log)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let process = try Subprocess(path, arguments, standardInput: null, standardOutput: null, standardError: logFile.descriptor)
        let status = process.wait()
        guard status == 0 else { throw .toolFailed(program: "ffmpeg", message: logFile.lastLine(or: status)) }
    }

    private func write(_ text: String, to path: String) throws(AudiobookError) {
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) } catch {
            throw .file(path: path, message: "cannot write: \(error.localizedDescription)")
        }
    }

    /// Errors only, no banner, never reading the terminal.
    private static let quiet = ["-nostdin", "-hide_banner", "-loglevel", "error"]
}

/// A file a child process writes its errors into, read back for a message.
/// The parent's descriptor is closed with the object.
final class LogFile {
    let path: String
    let descriptor: Int32

    init(path: String) throws(AudiobookError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .file(path: path, message: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// The last non-empty line written, or `exit status N` when there is none.
    func lastLine(or status: Int32) -> String {
        let lines = Self.lines(path)
        return lines.last ?? (status > 128 ? "killed by signal \(status - 128)" : "exit status \(status)")
    }

    /// The non-empty lines of a log file.
    static func lines(_ path: String) -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// An ffmpeg encoder fed through a non-blocking pipe.
final class EncoderProcess {
    private let process: Subprocess
    private let log: LogFile
    /// The write end of its standard input; -1 once closed.
    private(set) var input: Int32

    init(ffmpeg: String, arguments: [String], log path: String) throws(AudiobookError) {
        log = try LogFile(path: path)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw .file(path: path, message: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            close(null)
            close(ends[0])
        }
        process = try Subprocess(ffmpeg, arguments, standardInput: ends[0], standardOutput: null, standardError: log.descriptor)
        input = ends[1]
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        _ = fcntl(input, Self.setPipeSize, 1 << 20)
    }

    deinit { closeInput() }

    /// Linux's `F_SETPIPE_SZ`, which Glibc's module does not export: a 1 MB
    /// pipe lets the encoder run ahead of the loop that feeds it.
    private static let setPipeSize: Int32 = 1031

    /// Writes what the pipe takes now: the number of bytes written, 0 when
    /// it is full.
    /// - Throws: ``AudiobookError/toolFailed(program:message:)`` when the encoder has gone.
    func write(_ bytes: UnsafeRawBufferPointer) throws(AudiobookError) -> Int {
        let written = Glibc.write(input, bytes.baseAddress, bytes.count)
        if written >= 0 { return written }
        if errno == EAGAIN || errno == EINTR { return 0 }
        closeInput()
        process.wait()
        throw .toolFailed(program: "ffmpeg", message: log.lastLine(or: process.exitStatus ?? -1))
    }

    /// Ends its input: it finishes the piece and exits.
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Whether it has exited; throws if it failed.
    func hasFinished() throws(AudiobookError) -> Bool {
        guard process.hasExited else { return false }
        let status = process.exitStatus ?? -1
        guard status == 0 else { throw .toolFailed(program: "ffmpeg", message: log.lastLine(or: status)) }
        return true
    }

    /// Stops it (Ctrl-C, or another part failed).
    func terminate() {
        closeInput()
        process.terminate()
        process.wait()
    }
}
