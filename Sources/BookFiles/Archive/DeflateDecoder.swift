import CLibDeflate

/// libdeflate's raw DEFLATE decompressor and CRC-32: the only code that
/// sees libdeflate. On a novel's chapters it inflates in 0.63 of zlib's
/// instructions and checks the CRC in 0.07 (docs/performance.md,
/// "Inflating with libdeflate").
///
/// One decoder per thread at a time, like the ``ZipHandle`` that owns it.
final class DeflateDecoder {
    enum Failure: Error, Equatable {
        /// The stream is not valid DEFLATE data.
        case invalidData
        /// It ends after `count` bytes, fewer than the buffer given.
        case short(count: Int)
        /// It holds more than the buffer given.
        case tooLong
        /// libdeflate could not allocate its decompressor.
        case noMemory
    }

    private let decompressor: OpaquePointer?

    init() { decompressor = libdeflate_alloc_decompressor() }

    deinit { libdeflate_free_decompressor(decompressor) }

    /// The data of the DEFLATE stream `compressed`, which must be exactly
    /// `count` bytes long.
    func inflate(_ compressed: [UInt8], count: Int) throws(Failure) -> [UInt8] {
        guard let decompressor else { throw .noMemory }
        var failure: Failure?
        let bytes = [UInt8](unsafeUninitializedCapacity: max(count, 1)) { buffer, written in
            var actual = 0
            let result = compressed.withUnsafeBytes { data in
                libdeflate_deflate_decompress(decompressor, data.baseAddress, data.count, buffer.baseAddress, count, &actual)
            }
            switch result {
            case LIBDEFLATE_SUCCESS where actual == count: written = count
            case LIBDEFLATE_SUCCESS, LIBDEFLATE_SHORT_OUTPUT: failure = .short(count: actual)
            case LIBDEFLATE_INSUFFICIENT_SPACE: failure = .tooLong
            default: failure = .invalidData
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// The CRC-32 of `bytes`, as zip records it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
    }
}
