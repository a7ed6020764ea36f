import Glibc

/// Streams 16-bit mono PCM as a WAV file to a file descriptor.
///
/// The header goes out first with the data size sox calls "unspecified"
/// (0x7FFFF000): sox and ffmpeg read such a stream to its end without
/// complaint, and `soxi` shows no duration instead of a wrong one. At the
/// end, ``finish()`` writes the real sizes into the header when the
/// descriptor can seek (a file, also standard output redirected to one),
/// so a finished file — also one cut short by Ctrl-C — is a valid WAV;
/// into a pipe it pads the audio with silence to a whole number of 4096
/// bytes (at most 93 ms at 22,050 Hz), the packets ffmpeg reads, so that its
/// last packet is not flagged as cut short. Memory stays at one buffer
/// whatever the length. Does not own or close the descriptor.
public final class WAVWriter: AudioSink {
    /// Samples per second written in the header.
    public let sampleRate: Int
    /// Samples written so far.
    public private(set) var sampleCount = 0
    private var output: FileDescriptorWriter
    /// Where the header starts when it can be rewritten at the end; nil for
    /// a pipe, a descriptor opened to append, or bare samples.
    private var headerOffset: off_t?
    private let writesHeader: Bool
    private var isFinished = false
    private static let headerSize = 44
    /// The data size of a stream whose length is not known yet: sox's
    /// "unspecified length".
    static let unspecifiedDataSize = UInt32(0x7FFF_F000)
    /// Bytes a piped stream's audio is padded to a multiple of.
    static let pipeBlock = 4096

    /// Writes the header at once.
    /// - Parameter writesHeader: false for bare 16-bit little-endian samples
    ///   (for a player that reads raw PCM).
    /// - Throws: ``OutputError`` when the descriptor cannot be written.
    public init(descriptor: Int32, sampleRate: Int, writesHeader: Bool = true) throws(OutputError) {
        self.sampleRate = sampleRate
        self.writesHeader = writesHeader
        output = FileDescriptorWriter(descriptor: descriptor)
        guard writesHeader else { return }
        headerOffset = Self.rewritableOffset(descriptor)
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
    /// header (sizes beyond WAV's 4 GB limit are written as the largest
    /// there is); into a pipe, first pads the audio to ``pipeBlock`` bytes.
    public func finish() throws(OutputError) {
        guard !isFinished else { return }
        if writesHeader, headerOffset == nil {
            let bytes = sampleCount * 2
            try writeSilence(count: ((bytes + Self.pipeBlock - 1) / Self.pipeBlock * Self.pipeBlock - bytes) / 2)
        }
        isFinished = true
        try output.flush()
        guard let headerOffset else { return }
        let header = Self.header(sampleRate: sampleRate, dataBytes: sampleCount * 2)
        let written = header.withUnsafeBytes { bytes in
            pwrite(output.descriptor, bytes.baseAddress, bytes.count, headerOffset)
        }
        guard written == header.count else {
            throw .system(operation: "rewrite the WAV header", message: String(cString: strerror(errno)))
        }
    }

    /// Where the header will start, when it can be written again at the end:
    /// the descriptor seeks and does not append (`>>` would put the rewrite
    /// at the end of the file).
    private static func rewritableOffset(_ descriptor: Int32) -> off_t? {
        let offset = lseek(descriptor, 0, SEEK_CUR)
        let flags = fcntl(descriptor, F_GETFL)
        guard offset >= 0, flags >= 0, flags & O_APPEND == 0 else { return nil }
        return offset
    }

    /// A canonical 44-byte RIFF/WAVE header for 16-bit mono PCM; `nil` data
    /// size writes ``unspecifiedDataSize`` for streaming, and sizes past 4 GB
    /// write the largest a header holds.
    static func header(sampleRate: Int, dataBytes: Int?) -> [UInt8] {
        let largest = Int(UInt32.max) - headerSize + 8
        let dataSize = dataBytes.map { UInt32(min($0, largest)) } ?? unspecifiedDataSize
        let riffSize = dataSize + UInt32(headerSize - 8)
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
