import Glibc

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
