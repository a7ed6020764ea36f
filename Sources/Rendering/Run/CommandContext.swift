import BookModel
import Foundation

/// What a command may use of the outside world: its standard streams and
/// whether they are terminals. Warnings go through ``warnings(about:)``,
/// which honours `--quiet` and `--strict`.
public final class CommandContext {
    /// Silences warnings (`--quiet`).
    public var quiet = false
    /// Makes the first warning fatal (`--strict`).
    public var strict = false
    /// The first warning, made an error by `--strict`; the work stops at the
    /// next page and ``checkStrict()`` throws it.
    public private(set) var strictFailure: Failure?
    /// Called before a warning is printed (the progress line clears itself).
    public var beforeWarning: () -> Void = {}
    /// Every warning line printed so far, so that the same warning met again
    /// by another process (a render worker) is printed once.
    public private(set) var printedWarnings: Set<String> = []

    /// Whether standard output is a terminal.
    public let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    /// Whether standard error is a terminal (progress lines only then).
    public let stderrIsTerminal = isatty(STDERR_FILENO) == 1

    /// Writes text to standard output.
    public func print(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to standard error.
    public func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The sink for warnings about `file`: each printed once as
    /// `warning: FILE: …`, dropped with `--quiet`; with `--strict` the first
    /// becomes ``strictFailure``.
    public func warnings(about file: String) -> WarningSink {
        WarningSink { [unowned self] warning in report(warning, file: file) }
    }

    /// Throws the warning `--strict` made fatal, if any.
    public func checkStrict() throws {
        if let strictFailure { throw strictFailure }
    }

    /// Where warnings go instead of standard error (a render worker hands
    /// them to its parent as ``WorkerMessage``s, whatever `--quiet` says:
    /// the parent decides); nil prints them.
    public var forwardWarning: ((_ file: String, _ message: String) -> Void)?

    public init() {}

    private func report(_ warning: Warning, file: String) {
        if let forwardWarning, !strict { return forwardWarning(file, "\(warning)") }
        if strict {
            if strictFailure == nil { strictFailure = Failure(file, "\(warning) (a warning, fatal with --strict)") }
            return
        }
        // Once each: a command that opens the book twice (align: for the reference speech, then for
        // the timings' page titles) met its warnings twice.
        let line = Self.warningLine("\(warning)", file: file)
        guard !quiet, printedWarnings.insert(line).inserted else { return }
        beforeWarning()
        printError(line)
    }

    /// Prints a warning a render worker passed on, unless it was printed
    /// before or `--quiet` is on; with `--strict` the worker has failed instead.
    public func printWarning(_ message: String, file: String) {
        let line = Self.warningLine(message, file: file)
        guard !quiet, printedWarnings.insert(line).inserted else { return }
        beforeWarning()
        printError(line)
    }

    /// `warning: FILE: message`, standard input named `<stdin>`.
    private static func warningLine(_ message: String, file: String) -> String {
        "warning: \(file == "-" ? "<stdin>" : file): \(message)"
    }
}
