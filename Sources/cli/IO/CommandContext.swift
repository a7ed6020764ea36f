import BookModel
import Foundation

/// What a command may use of the outside world: its standard streams and
/// whether they are terminals. Warnings go through ``warn(_:file:)``, which
/// honours `--quiet` and `--strict`.
final class CommandContext {
    /// Silences warnings (`--quiet`).
    var quiet = false
    /// Makes the first warning fatal (`--strict`).
    var strict = false

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

    /// Reports warnings about `file`: printed as `warning: FILE: …`, dropped
    /// with `--quiet`, and fatal (the first one) with `--strict`.
    func warn(_ warnings: [Warning], file: String) throws {
        if strict, let first = warnings.first {
            throw Failure(file, "\(first) (a warning, fatal with --strict)")
        }
        guard !quiet else { return }
        let name = file == "-" ? "<stdin>" : file
        for warning in warnings { printError("warning: \(name): \(warning)") }
    }
}
