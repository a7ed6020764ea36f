import Glibc

/// Why a file could not be opened, mapped or read: the system's reason, in
/// lower case. The caller adds the file's name.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reason, such as `no such file or directory` or `not a regular file`.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    /// The system's message for an `errno` value, in lower case.
    public init(errno code: Int32, context: String = "") {
        let text = String(cString: strerror(code))
        self.init(context + text.prefix(1).lowercased() + text.dropFirst())
    }

    public var description: String { message }
}
