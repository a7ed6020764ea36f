import BookModel
import Foundation
extension String {
    /// The string of `scalars`, encoded as UTF-8 in one pass and copied
    /// into the string unchecked: scalars always encode to valid UTF-8, so
    /// the byte-by-byte check of `String(unsafeUninitializedCapacity:)`
    /// would be wasted (it cost twice the encoding). Building a String
    /// scalar by scalar, or through a `String.UnicodeScalarView`, is
    /// several times slower still.
    package init(scalars: ArraySlice<Unicode.Scalar>) {
        self = scalars.withUnsafeBufferPointer { scalars in
            // Four bytes a scalar at most: one pass, no sizing pass first.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scalars.count * 4) { buffer in
                var index = 0
                var isASCII = true
                var offset = 0
                while offset < scalars.count {
                    // Eight ASCII scalars, most of most text, narrowed to bytes at once.
                    if offset + 8 <= scalars.count, let eight = Self.eightASCIIBytes(scalars, at: offset) {
                        UnsafeMutableRawPointer(buffer.baseAddress! + index).storeBytes(of: eight, as: SIMD8<UInt8>.self)
                        index += 8
                        offset += 8
                        continue
                    }
                    let value = scalars[offset].value
                    if value < 0x80 {
                        buffer[index] = UInt8(truncatingIfNeeded: value)
                        index += 1
                    } else {
                        isASCII = false
                        index = Self.encode(value, into: buffer, at: index)
                    }
                    offset += 1
                }
                return String(knownValidUTF8: UnsafeBufferPointer(rebasing: buffer[..<index]), isASCII: isASCII)
            }
        }
    }

    /// The eight scalars from `offset` as bytes when all are ASCII; nil otherwise.
    /// (The lanes are vectors made once: a literal would be converted
    /// through the generic literal protocols at every call.)
    @inline(__always)
    private static func eightASCIIBytes(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at offset: Int) -> SIMD8<UInt8>? {
        guard let base = UnsafeRawPointer(scalars.baseAddress) else { return nil }
        let values = base.loadUnaligned(fromByteOffset: offset * 4, as: SIMD8<UInt32>.self)
        let lastASCII = SIMD8<UInt32>(repeating: 0x7F)
        guard !any(values .> lastASCII) else { return nil }
        return SIMD8<UInt8>(truncatingIfNeeded: values)
    }

    /// Writes the UTF-8 of the scalar `value` at `index`; returns the index after it.
    @inline(__always)
    private static func encode(_ value: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        if value < 0x80 {
            buffer[index] = UInt8(truncatingIfNeeded: value)
            return index + 1
        }
        if value < 0x800 {
            buffer[index] = 0xC0 | UInt8(truncatingIfNeeded: value >> 6)
            buffer[index + 1] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
            return index + 2
        }
        if value < 0x10000 {
            buffer[index] = 0xE0 | UInt8(truncatingIfNeeded: value >> 12)
            buffer[index + 1] = 0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F)
            buffer[index + 2] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
            return index + 3
        }
        buffer[index] = 0xF0 | UInt8(truncatingIfNeeded: value >> 18)
        buffer[index + 1] = 0x80 | UInt8(truncatingIfNeeded: (value >> 12) & 0x3F)
        buffer[index + 2] = 0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F)
        buffer[index + 3] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
        return index + 4
    }
}
