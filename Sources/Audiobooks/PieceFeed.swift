import Glibc

/// One piece's encoder and where it is in its chunks' spool files.
final class PieceFeed {
    let encoder: EncoderProcess
    private let chunks: [Int]
    private var position = 0
    private var reader: Int32 = -1
    private var buffer = [UInt8](repeating: 0, count: 1 << 18)
    private var pending: Range<Int> = 0..<0
    private var bytesInChunk = 0
    private var samplesBefore = 0

    init(chunks: [Int], encoder: EncoderProcess) {
        self.chunks = chunks
        self.encoder = encoder
    }

    deinit { if reader >= 0 { close(reader) } }

    /// Samples written into the encoder.
    var samplesFed: Int { (samplesBefore * 2 + bytesInChunk) / 2 }

    /// The chunk being read (one past the last when all are read).
    var currentChunk: Int { position < chunks.count ? chunks[position] : (chunks.last ?? 0) + 1 }

    /// The encoder's pipe when bytes wait for room in it.
    var waitingDescriptor: Int32? { pending.isEmpty || encoder.input < 0 ? nil : encoder.input }

    /// Moves samples from the current spool to the encoder as far as both
    /// allow now. Returns whether anything moved.
    func pump(
        rendered: Set<Int>, spool: (Int) -> RenderSpool,
        chunkFed: (Int, Int, Int) throws(AudiobookError) -> Void
    ) throws(AudiobookError) -> Bool {
        var moved = false
        while position < chunks.count {
            if pending.isEmpty {
                let chunk = chunks[position]
                if reader < 0 {
                    guard PlainFiles.exists(spool(chunk).audio) else { return moved }
                    reader = open(spool(chunk).audio, O_RDONLY | O_CLOEXEC)
                    guard reader >= 0 else { return moved }
                }
                let finished = rendered.contains(chunk)  // checked before reading: no bytes can follow
                let count = buffer.withUnsafeMutableBytes { Glibc.read(reader, $0.baseAddress, $0.count) }
                if count > 0 {
                    pending = 0..<count
                } else if finished {
                    try finishChunk(chunk, spool: spool(chunk), chunkFed: chunkFed)
                    moved = true
                    continue
                } else {
                    return moved
                }
            }
            let result: Result<Int, AudiobookError> = buffer.withUnsafeBytes { bytes in
                do throws(AudiobookError) {
                    return .success(try encoder.write(UnsafeRawBufferPointer(rebasing: bytes[pending])))
                } catch { return .failure(error) }
            }
            let written = try result.get()
            guard written > 0 else { return moved }
            bytesInChunk += written
            pending = (pending.lowerBound + written)..<pending.upperBound
            moved = true
        }
        if encoder.input >= 0 {
            encoder.closeInput()
            moved = true
        }
        return moved
    }

    /// Whether every chunk is in and the encoder has finished the piece.
    func isEncoded() throws(AudiobookError) -> Bool {
        position == chunks.count && encoder.input < 0 ? try encoder.hasFinished() : false
    }

    private func finishChunk(
        _ chunk: Int, spool: RenderSpool, chunkFed: (Int, Int, Int) throws(AudiobookError) -> Void
    ) throws(AudiobookError) {
        close(reader)
        reader = -1
        unlink(spool.audio)
        try chunkFed(chunk, samplesBefore, bytesInChunk / 2)
        samplesBefore += bytesInChunk / 2
        bytesInChunk = 0
        position += 1
    }
}
