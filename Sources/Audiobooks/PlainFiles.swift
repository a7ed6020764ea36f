import Glibc

/// Small file reads and checks with plain system calls, for the few files
/// this module reads back (spools, a rasterised cover).
enum PlainFiles {
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}

extension PlainFiles {
    /// A whole (small) file's bytes; nil when it cannot be read.
    static func contents(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += buffer[0..<count]
        }
    }
}
