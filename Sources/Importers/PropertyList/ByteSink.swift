/// A growing output buffer that hands its bytes to a writer in large chunks,
/// so exporters can stream a book of any size without holding it all.
///
/// Appending never fails; ``flushIfFull()`` and ``finish()`` pass the bytes on
/// and report write errors. With no writer the bytes simply accumulate
/// (``contents``), which is what tests and small in-memory exports use.
public final class ByteSink {
    /// Bytes appended since the last flush (everything, for an in-memory sink).
    public private(set) var contents: [UInt8] = []
    /// Bytes handed to the writer so far plus those still buffered.
    public var count: Int { flushedCount + contents.count }

    private var flushedCount = 0
    private let writer: (([UInt8]) throws -> Void)?
    private let chunkSize: Int

    /// A sink that passes its bytes to `writer` in chunks of about `chunkSize`.
    public init(chunkSize: Int = 1 << 20, writer: (([UInt8]) throws -> Void)? = nil) {
        self.writer = writer
        self.chunkSize = chunkSize
        contents.reserveCapacity(writer == nil ? 4096 : chunkSize + 4096)
    }

    @inline(__always) public func append(_ byte: UInt8) {
        contents.append(byte)
    }

    public func append(_ bytes: some Sequence<UInt8>) {
        contents.append(contentsOf: bytes)
    }

    /// Appends a string's UTF-8 bytes.
    public func append(_ string: String) {
        var string = string
        string.withUTF8 { contents.append(contentsOf: $0) }
    }

    /// Passes the buffer to the writer once it holds a chunk's worth.
    public func flushIfFull() throws {
        if contents.count >= chunkSize { try flush() }
    }

    /// Passes everything buffered to the writer.
    public func finish() throws {
        try flush()
    }

    private func flush() throws {
        guard let writer, !contents.isEmpty else { return }
        try writer(contents)
        flushedCount += contents.count
        contents.removeAll(keepingCapacity: true)
    }
}
