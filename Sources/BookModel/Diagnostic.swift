/// A problem found while importing or speaking that does not stop the work
/// (a rate outside AVSpeech's range, a missing table of contents). The command
/// line prints each as `warning: …`; `--strict` makes them fatal.
public struct Warning: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, as a sentence fragment without a trailing period.
    public var message: String
    /// Where, when known: a key path such as `bookPages[1].utterances[3]`, or
    /// a document and line. `nil` when the warning concerns the whole input.
    public var location: String?

    public init(_ message: String, at location: String? = nil) {
        self.message = message
        self.location = location
    }

    /// `location: message`, or just the message.
    public var description: String {
        guard let location else { return message }
        return "\(location): \(message)"
    }
}
