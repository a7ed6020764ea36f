/// Why an input could not be imported. The text says what went wrong and where
/// inside the input; the caller adds the file name.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input's structure or types are wrong at a key path, such as
    /// `bookPages[1].utterances[3].utteranceProperties.rate`.
    case invalidStructure(keyPath: String, message: String)
    /// The bytes are not well-formed in their format (XML, binary plist, JSON,
    /// zip). `location` is a line, offset or archive entry when known.
    case malformed(format: String, location: String?, message: String)
    /// The input is well-formed but something it needs is missing or refused
    /// (an EPUB without a package document, an encrypted book, a zip bomb).
    case unsupported(String)
    /// A warning became fatal because of `--strict`.
    case strict(Warning)

    public var description: String {
        switch self {
        case .invalidStructure(let keyPath, let message):
            keyPath.isEmpty ? message : "\(keyPath): \(message)"
        case .malformed(let format, let location, let message):
            (location.map { "\($0): " } ?? "") + "malformed \(format): \(message)"
        case .unsupported(let message):
            message
        case .strict(let warning):
            "\(warning) (--strict)"
        }
    }
}

import BookModel
