/// A growing output buffer that hands its bytes to a writer in large chunks,
/// so exporters can stream a book of any size without holding it all.
///
/// A value type owned by one emitter, so appending a byte costs no more than
/// appending to an array. Appending never fails; ``flushIfFull()`` and
/// ``finish()`` pass the bytes on and report the writer's errors.
public struct ByteSink {
    private var buffer: [UInt8] = []
    private var flushedCount = 0
    private let writer: ([UInt8]) throws -> Void
    private let chunkSize: Int

    /// A sink that passes its bytes to `writer` in chunks of about `chunkSize`.
    public init(chunkSize: Int = 1 << 20, writer: @escaping ([UInt8]) throws -> Void) {
        self.writer = writer
        self.chunkSize = chunkSize
        buffer.reserveCapacity(chunkSize + 4096)
    }

    /// Bytes handed to the writer so far plus those still buffered.
    public var count: Int { flushedCount + buffer.count }

    @inline(__always) public mutating func append(_ byte: UInt8) {
        buffer.append(byte)
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Appends a string's UTF-8 bytes.
    public mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { buffer.append(contentsOf: $0) }
    }

    /// Passes the buffer to the writer once it holds a chunk's worth.
    public mutating func flushIfFull() throws {
        if buffer.count >= chunkSize { try flush() }
    }

    /// Passes everything buffered to the writer.
    public mutating func finish() throws {
        try flush()
    }

    private mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try writer(buffer)
        flushedCount += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}
