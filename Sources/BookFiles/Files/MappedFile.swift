import Glibc

/// A regular file mapped read-only into memory, for parsers that need the
/// whole input as one buffer but read it front to back: what is behind them
/// can be handed back to the system with ``release(upTo:)``, so a large file
/// does not stay resident.
package final class MappedFile {
    /// The file's bytes (empty for an empty file).
    package let bytes: UnsafeBufferPointer<UInt8>
    private var releasedUpTo = 0
    private static let pageSize = max(4096, sysconf(Int32(_SC_PAGESIZE)))
    /// Released in steps of this many bytes, not a system call per page.
    private static let releaseStep = 1 << 20

    /// Maps the whole of an open file, which may be closed afterwards.
    /// - Throws: ``FileError`` with the system's reason.
    package init(_ file: FileByteSource) throws(FileError) {
        guard file.size > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, file.size, PROT_READ, MAP_PRIVATE, file.descriptor, 0), address != MAP_FAILED
        else { throw FileError(errno: errno, context: "cannot map the file: ") }
        madvise(address, file.size, MADV_SEQUENTIAL)
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: file.size)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    /// Drops the pages before `offset` from memory (they are read again from
    /// the file should they be touched).
    package func release(upTo offset: Int) {
        guard let base = bytes.baseAddress else { return }
        let end = min(offset, bytes.count) / Self.pageSize * Self.pageSize
        guard end >= releasedUpTo + Self.releaseStep || (end > releasedUpTo && offset >= bytes.count) else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + releasedUpTo), end - releasedUpTo, MADV_DONTNEED)
        releasedUpTo = end
    }

    /// Drops every page from memory (for input read in no particular order).
    package func releaseAll() {
        if let base = bytes.baseAddress { madvise(UnsafeMutableRawPointer(mutating: base), bytes.count, MADV_DONTNEED) }
    }

    /// Starts releasing again from `offset`, for a second pass from there.
    package func restartRelease(at offset: Int) {
        releasedUpTo = min(offset, bytes.count) / Self.pageSize * Self.pageSize
    }
}
