import BookModel
import Foundation

/// What a command may use of the outside world: its standard streams and
/// whether they are terminals. Warnings go through ``warnings(about:)``,
/// which honours `--quiet` and `--strict`.
final class CommandContext {
    /// Silences warnings (`--quiet`).
    var quiet = false
    /// Makes the first warning fatal (`--strict`).
    var strict = false
    /// The first warning, made an error by `--strict`; the work stops at the
    /// next page and ``checkStrict()`` throws it.
    private(set) var strictFailure: Failure?
    /// Called before a warning is printed (the progress line clears itself).
    var beforeWarning: () -> Void = {}
    /// Every warning line printed so far, so that the same warning met again
    /// by another process (a render worker) is printed once.
    private(set) var printedWarnings: Set<String> = []

    /// Whether standard output is a terminal.
    let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    /// Whether standard error is a terminal (progress lines only then).
    let stderrIsTerminal = isatty(STDERR_FILENO) == 1

    /// Writes text to standard output.
    func print(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to standard error.
    func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The sink for warnings about `file`: each printed as
    /// `warning: FILE: …`, dropped with `--quiet`; with `--strict` the first
    /// becomes ``strictFailure``.
    func warnings(about file: String) -> WarningSink {
        WarningSink { [unowned self] warning in report(warning, file: file) }
    }

    /// Throws the warning `--strict` made fatal, if any.
    func checkStrict() throws {
        if let strictFailure { throw strictFailure }
    }

    private func report(_ warning: Warning, file: String) {
        if strict {
            if strictFailure == nil { strictFailure = Failure(file, "\(warning) (a warning, fatal with --strict)") }
            return
        }
        guard !quiet else { return }
        let line = "warning: \(file == "-" ? "<stdin>" : file): \(warning)"
        printedWarnings.insert(line)
        beforeWarning()
        printError(line)
    }

    /// Prints a warning line another narrate process wrote, unless it was
    /// printed before or `--quiet` is on.
    func printWarningLine(_ line: String) {
        guard !quiet, printedWarnings.insert(line).inserted else { return }
        beforeWarning()
        printError(line)
    }
}
