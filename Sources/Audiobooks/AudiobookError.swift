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
    /// A render worker (narrate on a page range) failed with this message.
    case worker(String)
    /// Ctrl-C (or SIGTERM) stopped the work.
    case interrupted

    public var description: String {
        switch self {
        case .missingEncoder(let format):
            "ffmpeg is needed to write .\(format.rawValue) files and was not found on the PATH (Debian: apt install ffmpeg)"
        case .toolFailed(let program, let message): "\(program) failed: \(message)"
        case .file(let path, let message): "\(path): \(message)"
        case .worker(let message): message
        case .interrupted: "interrupted"
        }
    }
}
