/// Why a property list could not be read or written. The text says what went
/// wrong and where inside the plist; the caller adds the file name.
public enum PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The structure or types are wrong at a key path, such as
    /// `bookPages[1].utterances[3].utteranceProperties.rate`.
    case invalidStructure(keyPath: String, message: String)
    /// The bytes are not well-formed in their format (XML, binary plist,
    /// JSON). `location` is a line or offset when known.
    case malformed(format: String, location: String?, message: String)
    /// A value the chosen format cannot hold (a JSON real that is not finite).
    case unsupported(String)

    public var description: String {
        switch self {
        case .invalidStructure(let keyPath, let message):
            keyPath.isEmpty ? message : "\(keyPath): \(message)"
        case .malformed(let format, let location, let message):
            (location.map { "\($0): " } ?? "") + "malformed \(format): \(message)"
        case .unsupported(let message):
            message
        }
    }
}
