/// Why a read-along book could not be made; the text names the file inside
/// the book, the caller adds the book's own name.
public enum ReadAlongError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file of the book is not what EPUB says it must be.
    case malformed(path: String, message: String)
    /// The book could not be read or the new one written.
    case archive(String)

    public var description: String {
        switch self {
        case .malformed(let path, let message): "\(path): \(message)"
        case .archive(let message): message
        }
    }
}
