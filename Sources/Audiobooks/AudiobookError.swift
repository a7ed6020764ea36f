/// Why an audiobook could not be written. The text says what failed and,
/// for the encoder, its own last words.
public enum AudiobookError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ffmpeg is not on the `PATH`.
    case missingEncoder(format: AudiobookFormat)
    /// A program failed; `program` names it and `message` says how (its
    /// last line of errors, or its exit status).
    case toolFailed(program: String, message: String)
    /// A file narrate itself writes or reads (a temporary piece) failed.
    case file(path: String, message: String)
    /// A render worker (narrate on a chunk of pages, 0-based) ended with
    /// this exit status; the caller knows what the worker said.
    case worker(chunk: Int, pages: ClosedRange<Int>, status: Int32)
    /// Ctrl-C (or SIGTERM) stopped the work.
    case interrupted

    public var description: String {
        switch self {
        case .missingEncoder(let format):
            "ffmpeg is needed to write .\(format.rawValue) files and was not found on the PATH (Debian: apt install ffmpeg)"
        case .toolFailed(let program, let message): "\(program) failed: \(message)"
        case .file(let path, let message): "\(path): \(message)"
        case .worker(_, let pages, let status):
            "the render worker for pages \(pages.lowerBound + 1)-\(pages.upperBound + 1) failed ("
                + (status > 128 ? "killed by signal \(status - 128))" : "exit status \(status))")
        case .interrupted: "interrupted"
        }
    }
}
