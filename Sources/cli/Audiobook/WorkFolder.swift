import Foundation

/// A hidden folder beside the output for the workers' spools, the encoded
/// pieces and ffmpeg's metadata; removed, with all in it, when the run ends.
final class WorkFolder {
    let path: String

    /// - Parameter creatingParent: create the output's folder first (for `--per-chapter`).
    init(beside output: String, creatingParent: Bool) throws {
        let parent = output == "-" ? FileManager.default.currentDirectoryPath
            : URL(fileURLWithPath: output).deletingLastPathComponent().path
        if creatingParent {
            do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
                throw Failure(parent, "cannot create the folder: \(error.localizedDescription)")
            }
        }
        var template = Array("\(parent)/.narrate-work-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw Failure(parent, "cannot create a work folder here: \(systemMessage(errno))") }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFiles.shared.registerFolder(path)
    }

    deinit { remove() }

    /// Removes the folder and all in it (also done when it is released).
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
        TemporaryFiles.shared.unregisterFolder(path)
    }

    /// The name of the file ``saveStandardInput()`` writes.
    static let standardInputName = "input"

    /// Standard input saved to a file the workers can read again.
    func saveStandardInput() throws -> String {
        let saved = path + "/" + Self.standardInputName
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard FileManager.default.createFile(atPath: saved, contents: data) else { throw Failure(saved, "cannot write") }
        return saved
    }
}
