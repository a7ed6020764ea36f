/// Why a document could not be parsed: libxml2's message and where.
public struct XMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the problem; `nil` when unknown.
    public var line: Int?
    /// libxml2's message, trimmed, such as `Opening and ending tag mismatch: p line 3 and div`.
    public var message: String

    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    /// `line: message`, or just the message.
    public var description: String {
        guard let line, line > 0 else { return message }
        return "\(line): \(message)"
    }
}
