import Foundation
import Synchronization

/// Reads a whole input file, or standard input for `-`, with clear errors for
/// what is not a readable regular file and a size limit against runaway input.
public enum InputFile {
    /// Inputs larger than this are refused (1 GiB).
    public static let maximumSize = 1 << 30

    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        if path == "-" { return try readStandardInput() }
        let status = try checkReadable(path)
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Failure(path, systemMessage(errno)) }
        defer { close(descriptor) }
        var bytes = try readDirectly(descriptor, size: Int(status.st_size), name: path)
        bytes += try readAll(descriptor, name: path)  // whatever was appended meanwhile; usually nothing
        guard bytes.count <= maximumSize else { throw Failure(path, "file is larger than \(maximumSize >> 20) MB") }
        return bytes
    }

    /// Whether `path` names a directory (a folder of HTML pages, an exploded EPUB).
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Checks that `path` names a file that is not a directory and not over
    /// ``maximumSize``; returns its status.
    @discardableResult
    public static func checkReadable(_ path: String) throws(Failure) -> stat {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Failure(path, systemMessage(errno)) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw Failure(path, "is a directory") }
        guard Int(status.st_size) <= maximumSize else {
            throw Failure(path, "file is larger than \(maximumSize >> 20) MB")
        }
        return status
    }

    /// Reads up to `size` bytes straight into the array that is returned.
    private static func readDirectly(_ descriptor: Int32, size: Int, name: String) throws(Failure) -> [UInt8] {
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initializedCount in
            initializedCount = 0
            while initializedCount < size {
                let count = Foundation.read(descriptor, buffer.baseAddress.map { $0 + initializedCount }, size - initializedCount)
                if count < 0, errno == EINTR { continue }
                if count < 0 { failure = errno }
                if count <= 0 { return }
                initializedCount += count
            }
        }
        if let failure { throw Failure(name, systemMessage(failure)) }
        return bytes
    }

    /// Standard input as first read: it can be read only once, and a
    /// command may look at it twice (`info -` recognises its format after
    /// importing it).
    private static let standardInput = Mutex<[UInt8]?>(nil)

    private static func readStandardInput() throws(Failure) -> [UInt8] {
        if let bytes = standardInput.withLock({ $0 }) { return bytes }
        let bytes = try readAll(STDIN_FILENO, name: "-")
        standardInput.withLock { $0 = bytes }
        return bytes
    }

    private static func readAll(_ descriptor: Int32, name: String) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(name, systemMessage(errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumSize { throw Failure(name, "input is larger than \(maximumSize >> 20) MB") }
        }
    }
}

/// The C library's message for an `errno` value, lower-cased to fit after a
/// file name ("no such file or directory").
public func systemMessage(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
}
