import Foundation

/// What a render worker tells its parent besides samples and marks: its
/// warnings and, when it fails, why. One JSON object a line in the chunk's
/// `.messages` file, so the parent prints each once under its own
/// conventions and never parses the worker's human text.
public enum WorkerMessage: Codable, Equatable, Sendable {
    /// A warning about `file`, printed by the parent as `warning: FILE: message`.
    case warning(file: String, message: String)
    /// Why the worker stopped: `narrate: FILE: message` in the parent.
    case failure(file: String?, message: String)

    /// The messages file of a chunk's spool.
    public static func path(forChunk chunk: Int, in folder: String) -> String {
        "\(folder)/chunk-\(chunk).messages"
    }

    /// Every message in a file, in order; none when the file is missing (a
    /// worker killed before it wrote any). Lines that are not messages are skipped.
    public static func read(_ path: String) -> [WorkerMessage] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(WorkerMessage.self, from: Data($0)) }
    }
}

/// Appends ``WorkerMessage``s to a chunk's messages file, each as it happens.
public final class WorkerMessageLog {
    private let handle: FileHandle?
    private let encoder = JSONEncoder()

    /// Opens (creating) the file; a file that cannot be made leaves the log
    /// silent, and the parent then reports the worker's exit status.
    public init(path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        handle = FileHandle(forWritingAtPath: path)
    }

    public func append(_ message: WorkerMessage) {
        guard let handle, let data = try? encoder.encode(message) else { return }
        handle.write(data + Data("\n".utf8))
    }
}
