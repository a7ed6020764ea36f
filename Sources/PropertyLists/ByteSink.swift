import BookModel

/// A growing output buffer that hands its bytes to a writer in large chunks,
/// so exporters can stream a book of any size without holding it all.
///
/// A value type owned by one emitter, so appending a byte costs no more than
/// appending to an array. Appending never fails; ``flushIfFull()`` and
/// ``finish()`` pass the bytes on and report the writer's errors.
public struct ByteSink {
    /// Always at full length; bytes past `used` are scratch. Writing into it
    /// in place is much cheaper than `Array.append(contentsOf:)` for the many
    /// short runs (tags, tabs) a plist is made of.
    private var buffer: [UInt8]
    private var used = 0
    private var flushedCount = 0
    private let writer: ([UInt8]) throws -> Void
    private let chunkSize: Int
    /// Set for a sink made by ``collecting()``: it keeps everything for ``takeBytes()``.
    private var collects = false

    /// A sink that passes its bytes to `writer` in chunks of about `chunkSize`.
    public init(chunkSize: Int = 1 << 20, writer: @escaping ([UInt8]) throws -> Void) {
        self.writer = writer
        self.chunkSize = chunkSize
        // Grown on demand up to a chunk: small outputs never touch a megabyte.
        buffer = [UInt8](repeating: 0, count: min(chunkSize, 1 << 16))
    }

    /// A sink that keeps all its bytes for ``takeBytes()`` (it has no writer),
    /// writing them into the storage of `buffer` when it has some; `buffer`
    /// is left empty, so the storage is not shared (and copied on write).
    package static func collecting(takingStorageOf buffer: inout [UInt8]) -> ByteSink {
        var storage: [UInt8] = []
        swap(&storage, &buffer)
        // The bytes a used buffer holds are kept as scratch (zeroing them
        // again cost as much as writing them); a new one starts short, as
        // most pages' renderings are a few kilobytes and every byte is
        // zeroed before it is written. Growing stays within the capacity: a
        // new buffer reserves room for a large page (memory not written is
        // never touched, and growing never copies).
        if storage.capacity == 0 { storage.reserveCapacity(1 << 19) }
        let start = min(storage.capacity, 1 << 12)
        if storage.count < start { storage.append(contentsOf: repeatElement(0, count: start - storage.count)) }
        var sink = ByteSink(chunkSize: Int.max / 2, buffer: storage) { _ in }
        sink.collects = true
        return sink
    }

    private init(chunkSize: Int, buffer: [UInt8], writer: @escaping ([UInt8]) throws -> Void) {
        self.writer = writer
        self.chunkSize = chunkSize
        self.buffer = buffer
    }

    /// Everything appended, handed over without a copy; the sink is empty after.
    package mutating func takeBytes() -> [UInt8] {
        buffer.removeSubrange(used...)
        defer { (buffer, used) = ([], 0) }
        return buffer
    }

    /// Bytes handed to the writer so far plus those still buffered.
    public var count: Int { flushedCount + used }

    /// Calls `body` with the bytes appended since ``count`` was `start`,
    /// read in place; nil when some of them were written out since.
    package func withBytes<Result>(since start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let offset = start - flushedCount
        guard offset >= 0, offset <= used else { return nil }
        return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[offset..<used])) }
    }

    @inline(__always) public mutating func append(_ byte: UInt8) {
        if used == buffer.count { grow(by: 1) }
        buffer[used] = byte
        used += 1
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }

    /// Appends the bytes of an array with one copy.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends raw bytes with one copy.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if used + bytes.count > buffer.count { grow(by: bytes.count) }
        let offset = used
        buffer.withUnsafeMutableBufferPointer { destination in
            _ = destination.baseAddress.map { ($0 + offset).update(from: source, count: bytes.count) }
        }
        used += bytes.count
    }

    /// Appends a static string's bytes (markup), with one copy.
    package mutating func append(static text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `count` copies of `byte` (indentation).
    package mutating func append(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        if used + count > buffer.count { grow(by: count) }
        let offset = used
        buffer.withUnsafeMutableBufferPointer { destination in
            _ = destination.baseAddress.map { ($0 + offset).update(repeating: byte, count: count) }
        }
        used += count
    }

    private mutating func grow(by count: Int) {
        buffer.append(contentsOf: repeatElement(0, count: max(count, buffer.count)))
    }

    /// Appends an integer in decimal.
    public mutating func appendDecimal(_ value: Int64) {
        write(atMost: ByteWriter.longestDecimal) { $0.appendDecimal(value) }
    }

    /// Appends a string's UTF-8 bytes, replacing each byte for which
    /// `replacement` gives a value (escaping for XML or JSON).
    @inline(__always)
    package mutating func append(_ string: String, replacing replacement: (UInt8) -> StaticString?) {
        string.withUTF8Bytes { bytes in
            guard bytes.contains(where: { replacement($0) != nil }) else { return append(bytes) }
            var start = 0
            for index in 0..<bytes.count {
                guard let substitute = replacement(bytes[index]) else { continue }
                append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                append(UnsafeBufferPointer(start: substitute.utf8Start, count: substitute.utf8CodeUnitCount))
                start = index + 1
            }
            append(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Writes at most `count` bytes in place through `body` (one check of
    /// the buffer for many short pieces, such as an element and its tags).
    package mutating func write(atMost count: Int, _ body: (inout ByteWriter) -> Void) {
        if used + count > buffer.count { grow(by: count) }
        let start = used
        used = buffer.withUnsafeMutableBufferPointer { destination in
            guard let base = destination.baseAddress else { return start }
            var writer = ByteWriter(base: base, count: start)
            body(&writer)
            return writer.count
        }
    }

    /// Appends a string's UTF-8 bytes.
    public mutating func append(_ string: String) {
        string.withUTF8Bytes { append($0) }
    }

    /// Passes the buffer to the writer once it holds a chunk's worth.
    public mutating func flushIfFull() throws {
        if used >= chunkSize { try flush() }
    }

    /// Passes everything buffered to the writer.
    public mutating func finish() throws {
        try flush()
    }

    /// Appends a finished piece of output (a page rendered on another
    /// core). A large one goes to the writer as it is, after what is
    /// buffered, instead of being copied into the buffer; a sink that only
    /// collects (no writer) copies it.
    package mutating func append(finished bytes: [UInt8]) throws {
        guard !collects, bytes.count >= Self.passThroughSize else {
            append(bytes)
            return try flushIfFull()
        }
        try flush()
        try writer(bytes)
        flushedCount += bytes.count
    }

    /// Pieces at least this large skip the buffer in ``append(finished:)``.
    private static let passThroughSize = 1 << 15

    /// Hands the buffered bytes to the writer without copying them: the
    /// buffer is cut to its used part for the call, and those bytes are the
    /// scratch of the next chunk (its capacity is kept; growing it back to
    /// full length at once zeroed a megabyte even after the last chunk).
    private mutating func flush() throws {
        guard used > 0 else { return }
        buffer.removeSubrange(used...)
        defer { used = 0 }
        try writer(buffer)
        flushedCount += used
    }
}

/// Writes bytes into a ``ByteSink``'s buffer in place; handed out by
/// ``ByteSink/write(atMost:_:)`` with room for what the caller declared.
package struct ByteWriter {
    fileprivate let base: UnsafeMutablePointer<UInt8>
    /// Bytes in the buffer, the new ones included.
    fileprivate(set) var count: Int

    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    package mutating func append(static text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The low `width` bytes of `value` (1 to 8), most significant first.
    package mutating func appendBigEndian(_ value: UInt64, width: Int) {
        let big = value.bigEndian
        let destination = UnsafeMutableRawPointer(base + count)
        withUnsafeBytes(of: big) { bytes in
            _ = bytes.baseAddress.map { destination.copyMemory(from: $0 + (8 - width), byteCount: width) }
        }
        count += width
    }

    package mutating func append(repeating byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        (base + count).update(repeating: byte, count: repeats)
        count += repeats
    }

    /// `tabs` tab characters (indentation), eight bytes a store: needs
    /// room for eight bytes more than `tabs` (the emitter reserves a tag's
    /// length after them, and what follows overwrites the spare tabs).
    package mutating func appendTabs(_ tabs: Int) {
        var written = 0
        while written < tabs {
            UnsafeMutableRawPointer(base + count + written).storeBytes(of: 0x0909_0909_0909_0909 as UInt64, as: UInt64.self)
            written += 8
        }
        count += tabs
    }

    /// No `Int64` in decimal is longer (`-9223372036854775808`).
    static let longestDecimal = 20

    /// An integer in decimal (up to ``longestDecimal`` bytes).
    package mutating func appendDecimal(_ value: Int64) {
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var power: UInt64 = 10
        while digits < 19, magnitude >= power {  // an Int64's magnitude has at most 19 digits
            digits += 1
            power &*= 10
        }
        for index in stride(from: count + digits - 1, through: count, by: -1) {
            base[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    /// A number of thousandths as a decimal, the way ``BookDump/format(_:)``
    /// writes the `Double` nearest to it: no fraction when whole (`1`),
    /// otherwise no trailing zeros (`0.44`, `-1.25`). Up to
    /// ``longestDecimal`` + 1 bytes.
    package mutating func appendThousandths(_ value: Int64) {
        let fraction = Int(value.magnitude % 1000)
        if value < 0, value > -1000 {  // -0.5: the whole part has no sign of its own
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        appendDecimal(value / 1000)
        guard fraction != 0 else { return }
        var digits = fraction
        var length = 3
        while digits % 10 == 0 {
            digits /= 10
            length -= 1
        }
        base[count] = UInt8(ascii: ".")
        for index in stride(from: count + length, through: count + 1, by: -1) {
            base[index] = UInt8(ascii: "0") + UInt8(digits % 10)
            digits /= 10
        }
        count += 1 + length
    }

    /// UTF-8 text as XML character data: `&`, `<` and `>` become `&amp;`,
    /// `&lt;` and `&gt;` (so it needs up to five times its length); runs
    /// between them are copied whole.
    package mutating func append(escapingMarkup bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var index = Self.firstMarkup(in: bytes, from: 0)
        while index < bytes.count {
            append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            switch bytes[index] {
            case UInt8(ascii: "&"): append(static: "&amp;")
            case UInt8(ascii: "<"): append(static: "&lt;")
            default: append(static: "&gt;")
            }
            start = index + 1
            index = Self.firstMarkup(in: bytes, from: start)
        }
        append(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// The index of the first `&`, `<` or `>` at or after `start`
    /// (`bytes.count` when there is none), looking at 8 bytes at a time.
    private static func firstMarkup(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let found = bytesEqual(word, 0x26) | bytesEqual(word, 0x3C) | bytesEqual(word, 0x3E)
                // The lowest flag is exact (higher ones may be borrows).
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x26 || byte == 0x3C || byte == 0x3E { return index }
            index += 1
        }
        return bytes.count
    }

    /// The high bit of each byte of `word` that equals `byte` is set (and
    /// perhaps of bytes above such a byte).
    @inline(__always)
    private static func bytesEqual(_ word: UInt64, _ byte: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let difference = word ^ (ones &* byte)
        return (difference &- ones) & ~difference & 0x8080_8080_8080_8080
    }
}
