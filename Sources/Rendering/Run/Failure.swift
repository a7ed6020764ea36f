import Foundation

/// A failure to report as `narrate: SUBJECT: message` with exit status 1.
public struct Failure: Error, CustomStringConvertible {
    /// The file (or `-` for standard input) the problem concerns; nil when it
    /// concerns none.
    public var subject: String?
    public var message: String

    public init(_ subject: String?, _ message: String) {
        self.subject = subject
        self.message = message
    }

    public var description: String {
        "narrate: " + (subject.map { "\($0 == "-" ? "<stdin>" : $0): " } ?? "") + message
    }
}


/// Reading ended by a signal: the place is saved and the exit status is
/// 128 + the signal's number, as for any command a signal stops.
public struct Interrupted: Error {
    public var signal: Int32

    public init(signal: Int32) { self.signal = signal }
}

/// A command-line mistake: printed as `narrate: message` with the usage line,
/// exit status 64.
public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
