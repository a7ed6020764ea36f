import Glibc

/// Streams 16-bit mono PCM as a WAV file to a file descriptor.
///
/// The header goes out first with sizes meaning "unknown" (0xFFFFFFFF, which
/// sox, ffmpeg and aplay read as "until the end"); ``finish()`` rewrites them
/// with the real sizes when the descriptor can seek (a file), so a finished
/// file — also one cut short by Ctrl-C — is a valid WAV. Memory stays at one
/// buffer whatever the length. Does not own or close the descriptor.
public final class WAVWriter: AudioSink {
    /// Samples per second written in the header.
    public let sampleRate: Int
    /// Samples written so far.
    public private(set) var sampleCount = 0
    private var output: FileDescriptorWriter
    private var headerOffset: off_t
    private var isFinished = false
    private static let headerSize = 44

    /// Writes the header at once.
    /// - Parameter writesHeader: false for bare 16-bit little-endian samples
    ///   (for a player that reads raw PCM).
    /// - Throws: ``OutputError`` when the descriptor cannot be written.
    public init(descriptor: Int32, sampleRate: Int, writesHeader: Bool = true) throws(OutputError) {
        self.sampleRate = sampleRate
        output = FileDescriptorWriter(descriptor: descriptor)
        guard writesHeader else {
            headerOffset = -1
            return
        }
        headerOffset = lseek(descriptor, 0, SEEK_CUR)
        try output.append(contentsOf: Self.header(sampleRate: sampleRate, dataBytes: nil))
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws(OutputError) {
        guard !isFinished else { throw .finished }
        // Linux targets are little-endian, as WAV is.
        try output.append(UnsafeRawBufferPointer(samples))
        sampleCount += samples.count
    }

    public func writeSilence(count: Int) throws(OutputError) {
        guard !isFinished else { throw .finished }
        guard count > 0 else { return }
        try output.appendZeros(count * 2)
        sampleCount += count
    }

    /// Sends what is buffered now, for a reader waiting on the other end of
    /// a pipe (a player playing while the audio is still being made).
    public func flush() throws(OutputError) {
        guard !isFinished else { throw .finished }
        try output.flush()
    }

    /// Flushes and, on a seekable descriptor, writes the real sizes into the
    /// header. Sizes beyond WAV's 4 GB limit stay "unknown".
    public func finish() throws(OutputError) {
        guard !isFinished else { return }
        isFinished = true
        try output.flush()
        guard headerOffset >= 0 else { return }
        let dataBytes = sampleCount * 2
        guard dataBytes <= Int(UInt32.max) - Self.headerSize else { return }
        let header = Self.header(sampleRate: sampleRate, dataBytes: dataBytes)
        let written = header.withUnsafeBytes { bytes in
            pwrite(output.descriptor, bytes.baseAddress, bytes.count, headerOffset)
        }
        guard written == header.count else {
            throw .system(operation: "rewriting the WAV header", message: String(cString: strerror(errno)))
        }
    }

    /// A canonical 44-byte RIFF/WAVE header for 16-bit mono PCM; `nil` data
    /// size writes 0xFFFFFFFF for streaming.
    static func header(sampleRate: Int, dataBytes: Int?) -> [UInt8] {
        let unknown = UInt32.max
        let dataSize = dataBytes.map { UInt32($0) } ?? unknown
        let riffSize = dataBytes.map { UInt32($0 + headerSize - 8) } ?? unknown
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize)
        bytes += Array("RIFF".utf8) + littleEndian(riffSize) + Array("WAVEfmt ".utf8)
        bytes += littleEndian(UInt32(16)) + littleEndian(UInt16(1)) + littleEndian(UInt16(1))
        bytes += littleEndian(UInt32(sampleRate)) + littleEndian(UInt32(sampleRate * 2))
        bytes += littleEndian(UInt16(2)) + littleEndian(UInt16(16))
        bytes += Array("data".utf8) + littleEndian(dataSize)
        return bytes
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
