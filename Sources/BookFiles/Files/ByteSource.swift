import Glibc

/// Input that can be read piece by piece, at any offset: a file, or bytes in
/// memory. Streaming importers read through it so that they never hold the
/// whole input.
public protocol ByteSource: AnyObject {
    /// The size in bytes.
    var size: Int { get }
    /// Up to `count` bytes from `offset`; fewer at the end, none after it.
    /// - Throws: ``FileError`` when the input cannot be read.
    func read(at offset: Int, count: Int) throws(FileError) -> [UInt8]
}

/// Bytes already in memory, as a ``ByteSource``.
public final class MemoryByteSource: ByteSource {
    private let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var size: Int { bytes.count }

    public func read(at offset: Int, count: Int) -> [UInt8] {
        let start = min(max(offset, 0), bytes.count)
        let end = min(bytes.count, start + max(count, 0))
        if start == 0, end == bytes.count { return bytes }  // the whole source (a zip is read so): shared, not copied
        return Array(bytes[start..<end])
    }
}

/// A regular file read with `pread`, as a ``ByteSource``; the descriptor is
/// closed when the source goes away.
public final class FileByteSource: ByteSource {
    package let descriptor: Int32
    /// The path the file was opened at.
    public let path: String
    public let size: Int

    /// Opens `path` for reading.
    /// - Throws: ``FileError`` with the system's reason
    ///   when it cannot be opened or is not a regular file.
    public init(path: String) throws(FileError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileError(errno: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw FileError("not a regular file")
        }
        self.descriptor = descriptor
        self.path = path
        size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    public func read(at offset: Int, count: Int) throws(FileError) -> [UInt8] {
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: max(count, 0)) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            while initialized < buffer.count {
                let got = pread(descriptor, base + initialized, buffer.count - initialized,
                    off_t(offset + initialized))
                if got < 0, errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { return }
                initialized += got
            }
        }
        if let failure { throw FileError(errno: failure, context: "cannot read at byte \(offset): ") }
        return bytes
    }

}
