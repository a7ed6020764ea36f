import Glibc

/// Buffered writes to a file descriptor, retried on partial writes and
/// interruptions. Does not own or close the descriptor.
struct FileDescriptorWriter {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int

    init(descriptor: Int32, capacity: Int = 1 << 16) {
        self.descriptor = descriptor
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        if buffer.count + bytes.count > capacity { try flush() }
        if bytes.count >= capacity {
            try Self.writeAll(bytes, to: descriptor)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    mutating func append(contentsOf bytes: [UInt8]) throws(OutputError) {
        if buffer.count + bytes.count > capacity { try flush() }
        buffer.append(contentsOf: bytes)
    }

    mutating func appendZeros(_ count: Int) throws(OutputError) {
        var remaining = count
        while remaining > 0 {
            if buffer.count == capacity { try flush() }
            let chunk = min(remaining, capacity - buffer.count)
            buffer.append(contentsOf: repeatElement(0, count: chunk))
            remaining -= chunk
        }
    }

    mutating func flush() throws(OutputError) {
        guard !buffer.isEmpty else { return }
        let result: Result<Void, OutputError> = buffer.withUnsafeBytes { bytes in
            do throws(OutputError) {
                try Self.writeAll(bytes, to: descriptor)
                return .success(())
            } catch { return .failure(error) }
        }
        buffer.removeAll(keepingCapacity: true)
        try result.get()
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(OutputError) {
        guard var cursor = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, cursor, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw .closedPipe }
                throw .system(operation: "write", message: String(cString: strerror(errno)))
            }
            cursor += written
            remaining -= written
        }
    }
}
