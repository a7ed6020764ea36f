import Foundation

/// A file a child process writes its errors into, read back for a message.
/// The parent's descriptor is closed with the object.
final class LogFile {
    let path: String
    let descriptor: Int32

    init(path: String) throws(AudiobookError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .file(path: path, message: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// The last non-empty line written, or `exit status N` when there is none.
    func lastLine(or status: Int32) -> String {
        let lines = Self.lines(path)
        return lines.last ?? (status > 128 ? "killed by signal \(status - 128)" : "exit status \(status)")
    }

    /// The non-empty lines of a log file.
    static func lines(_ path: String) -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
