import Foundation

/// A hidden folder beside the output for the render order, the workers'
/// spools, the encoded pieces and ffmpeg's metadata.
///
/// A folder made for a resumable render is named for its job
/// (`.narrate-work-KEY`) and kept when the run is interrupted or killed,
/// so the same job run again finds it and goes on from the pieces already
/// encoded. Each folder records the process that owns it (`owner`); a
/// folder beside the output whose owner is gone and that is not this job's
/// is stale and removed when the next run starts. Other folders are
/// temporary (`.narrate-work-XXXXXX`) and removed, with all in them, when
/// the run ends or is interrupted.
public final class WorkFolder {
    public let path: String
    /// Whether the folder was left by an earlier run of the same job.
    public let isResumed: Bool
    /// Whether it is kept when the run is interrupted (a resumable render).
    public let isKept: Bool
    /// Stale folders of killed runs removed when this one was made.
    public private(set) var removedStale: [String] = []

    static let prefix = ".narrate-work-"
    static let ownerFile = "owner"
    /// Names the temporary output file the run writes beside its output
    /// (``recordTemporaryOutput(_:)``), removed with a stale folder.
    static let temporaryOutputFile = "temporary-output"

    /// - Parameters:
    ///   - output: the output the work is for; the folder goes in its folder.
    ///   - creatingParent: create the output's folder first (for `--per-chapter`).
    ///   - key: for a resumable render, the job's fingerprint (hexadecimal);
    ///     nil for a temporary folder.
    /// - Throws: ``Failure`` when the folder cannot be made, or another
    ///   narrate is rendering the same job there now.
    public init(beside output: String, creatingParent: Bool, key: String? = nil) throws(Failure) {
        let parent = Self.parent(of: output)
        if creatingParent { try OutputFolder.create(parent) }
        removedStale = Self.removeStale(in: parent, keeping: key.map { Self.prefix + $0 })
        if let key {
            path = parent + "/" + Self.prefix + key
            isKept = true
            isResumed = try Self.claim(path, for: output)
        } else {
            path = try Self.makeTemporary(in: parent, for: output)
            isKept = false
            isResumed = false
            TemporaryFiles.shared.registerFolder(path)
        }
        Self.writeOwner(path)
    }

    /// A temporary folder goes when released; so does a resumable one that
    /// holds nothing to resume from (the run failed before its first piece:
    /// a book without text, a bad option found late).
    deinit { if !isKept || holdsOnlyItsOwner { remove() } }

    private var holdsOnlyItsOwner: Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: path)).map { $0.allSatisfy { $0 == Self.ownerFile } } ?? false
    }

    /// Removes the folder and all in it (done for a temporary folder when it is released).
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
        TemporaryFiles.shared.unregisterFolder(path)
    }

    /// The name of the file ``saveStandardInput()`` writes.
    public static let standardInputName = "input"

    /// Standard input saved to a file the workers can read again.
    public func saveStandardInput() throws(Failure) -> String {
        let saved = path + "/" + Self.standardInputName
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard FileManager.default.createFile(atPath: saved, contents: data) else { throw Failure(saved, "cannot write") }
        return saved
    }

    private static func parent(of output: String) -> String {
        output == "-" ? FileManager.default.currentDirectoryPath : URL(fileURLWithPath: output).deletingLastPathComponent().path
    }

    /// What failures to make a work folder name: the output the user asked
    /// for (the folder is hidden, and named for the job).
    private static func subject(_ output: String) -> String { output == "-" ? "<stdout>" : output }

    private static func makeTemporary(in parent: String, for output: String) throws(Failure) -> String {
        var template = Array("\(parent)/\(prefix)XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else {
            throw Failure(subject(output), "cannot create a work folder in \(parent): \(systemMessage(errno))")
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Makes the job's folder, or takes over the one a finished process
    /// left; returns whether it existed.
    private static func claim(_ path: String, for output: String) throws(Failure) -> Bool {
        if mkdir(path, 0o700) == 0 { return false }
        guard errno == EEXIST else {
            throw Failure(subject(output), "cannot create a work folder (\(path)): \(systemMessage(errno))")
        }
        if let owner = owner(of: path), owner != getpid(), isAlive(owner) {
            throw Failure(path, "another narrate (process \(owner)) is rendering the same job here now")
        }
        removeTemporaryOutput(of: path)
        return true
    }

    /// Removes `.narrate-work-*` folders in `parent` whose owner has ended,
    /// except `keeping`; returns their names.
    private static func removeStale(in parent: String, keeping: String?) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) && name != keeping {
            let folder = parent + "/" + name
            guard let owner = owner(of: folder), !isAlive(owner) else { continue }
            removeTemporaryOutput(of: folder)
            if (try? FileManager.default.removeItem(atPath: folder)) != nil { removed.append(name) }
        }
        return removed
    }

    /// Notes the temporary file the run's output is written to, so that a
    /// later run removes it if this one is killed before it could.
    public func recordTemporaryOutput(_ temporary: String?) {
        guard let temporary else { return }
        try? Data(temporary.utf8).write(to: URL(fileURLWithPath: path + "/" + Self.temporaryOutputFile))
    }

    /// Removes the temporary output file a killed run left beside its output.
    private static func removeTemporaryOutput(of folder: String) {
        guard let temporary = try? String(contentsOfFile: folder + "/" + temporaryOutputFile, encoding: .utf8),
            URL(fileURLWithPath: temporary).lastPathComponent.hasPrefix("."), temporary.contains(".narrate-")
        else { return }
        unlink(temporary)
    }

    private static func writeOwner(_ folder: String) {
        try? Data("\(getpid())\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + ownerFile))
    }

    private static func owner(of folder: String) -> pid_t? {
        guard let text = try? String(contentsOfFile: folder + "/" + ownerFile, encoding: .utf8) else { return nil }
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
