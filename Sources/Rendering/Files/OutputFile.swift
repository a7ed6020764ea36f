import Foundation

/// An output written atomically: bytes go to a hidden temporary file beside
/// the destination, which is renamed into place by ``commit()``. Until then
/// the destination is untouched; ``discard()`` (or dropping the object)
/// removes the temporary file. An existing destination is replaced only with
/// `force`; without it, the final step uses `link(2)`, which cannot replace a
/// file that appeared meanwhile. `-` writes straight to standard output.
///
/// Like Foundation's atomic writes, the file is not `fsync`ed before the
/// rename: other programs never see a partial file, and a crash of narrate
/// leaves the destination as it was; surviving a power cut is left to the
/// file system (ext4 and others flush data before a rename that replaces a
/// file). An fsync costs more than the whole import of a short book.
public final class OutputFile {
    /// The destination as the user named it (`-` for standard output).
    public let path: String
    /// The descriptor bytes are written to (the temporary file, or stdout).
    public let descriptor: Int32
    private let temporaryPath: String?
    private let force: Bool
    private var finished = false

    /// What failures name: the path, or `<stdout>` for `-`.
    public var subject: String { path == "-" ? "<stdout>" : path }

    /// Whether bytes go straight to their destination (standard output or a
    /// device), with no temporary file.
    public var isDirect: Bool { temporaryPath == nil }

    /// The temporary file's path, for a program that writes the output by
    /// name (ffmpeg); nil for a direct output.
    public var pathToWrite: String? { temporaryPath }

    /// Opens an output.
    /// - Parameters:
    ///   - path: the destination, or `-` for standard output.
    ///   - force: replace an existing file.
    ///   - input: the input's path, which is never overwritten.
    public init(_ path: String, force: Bool, input: String?) throws(Failure) {
        self.path = path
        self.force = force
        if path == "-" {
            descriptor = STDOUT_FILENO
            temporaryPath = nil
            return
        }
        if let device = try Self.openSpecialFile(path) {
            descriptor = device
            temporaryPath = nil
            return
        }
        try Self.checkDestination(path, force: force, input: input)
        let url = URL(fileURLWithPath: path)
        var template = Array(
            url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).narrate-XXXXXX").path.utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw Failure(path, "cannot create a file here: \(systemMessage(errno))") }
        fchmod(fd, 0o644)
        descriptor = fd
        temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFiles.shared.register(temporaryPath ?? "")
    }

    deinit {
        discard()
    }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(subject, "cannot write: \(systemMessage(errno))")
            }
            offset += written
        }
    }

    /// Moves the finished file into place.
    public func commit() throws(Failure) {
        guard let temporaryPath, !finished else {
            if descriptor != STDOUT_FILENO, !finished { close(descriptor) }
            finished = true
            return
        }
        finished = true
        defer { TemporaryFiles.shared.unregister(temporaryPath) }
        guard close(descriptor) == 0 else {
            let message = systemMessage(errno)
            unlink(temporaryPath)
            throw Failure(subject, "cannot write: \(message)")
        }
        if force {
            guard rename(temporaryPath, path) == 0 else {
                let message = systemMessage(errno)
                unlink(temporaryPath)
                throw Failure(subject, "cannot move into place: \(message)")
            }
        } else {
            let linked = link(temporaryPath, path) == 0
            let code = errno
            unlink(temporaryPath)
            guard linked else {
                throw Failure(subject, code == EEXIST ? "already exists (use --force to overwrite)" : systemMessage(code))
            }
        }
    }

    /// Abandons the output: the temporary file is removed, the destination
    /// left as it was.
    public func discard() {
        guard let temporaryPath, !finished else {
            if descriptor != STDOUT_FILENO, !finished { close(descriptor) }
            finished = true
            return
        }
        finished = true
        close(descriptor)
        unlink(temporaryPath)
        TemporaryFiles.shared.unregister(temporaryPath)
    }

    /// Opens an existing destination that is not a regular file (`/dev/null`,
    /// a named pipe, a terminal) for writing in place: it cannot be replaced
    /// by renaming, and there is nothing in it to lose.
    private static func openSpecialFile(_ path: String) throws(Failure) -> Int32? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        guard type == S_IFCHR || type == S_IFIFO || type == S_IFSOCK else { return nil }
        let descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { throw Failure(path, systemMessage(errno)) }
        return descriptor
    }

    private static func checkDestination(_ path: String, force: Bool, input: String?) throws(Failure) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR { throw Failure(path, "is a directory") }
        if let input, input != "-" {
            var inputStatus = stat()
            if stat(input, &inputStatus) == 0, inputStatus.st_ino == status.st_ino, inputStatus.st_dev == status.st_dev {
                throw Failure(path, "is the input file; refusing to overwrite it")
            }
        }
        if !force { throw Failure(path, "already exists (use --force to overwrite)") }
    }
}

/// Temporary output files in progress, removed if the process is interrupted.
public final class TemporaryFiles: @unchecked Sendable {
    public static let shared = TemporaryFiles()
    private let lock = NSLock()
    private var paths: [String] = []
    private var folders: [String] = []

    public func register(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.append(path)
    }

    public func unregister(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.removeAll { $0 == path }
    }

    /// Registers a work folder, removed whole on SIGINT/SIGTERM.
    public func registerFolder(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        folders.append(path)
    }

    public func unregisterFolder(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        folders.removeAll { $0 == path }
    }

    /// Removes every registered file and folder (called on SIGINT/SIGTERM).
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for path in paths { unlink(path) }
        paths.removeAll()
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        folders.removeAll()
    }
}
