/// Why an alignment could not be made.
public enum AlignmentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The feature library refused its settings.
    case features(String)
    /// One of the two signals has no frames to align.
    case empty(what: String)
    /// A scratch file for features could not be written or read back.
    case scratch(String)
    /// The speech recogniser that places words (PocketSphinx) could not be loaded or opened.
    case recognizer(String)

    public var description: String {
        switch self {
        case .features(let message): message
        case .empty(let what): "\(what) holds no audio to align"
        case .scratch(let message): message
        case .recognizer(let message): message
        }
    }
}
