import Foundation
extension String {
    /// The string of `scalars`, encoded as UTF-8 straight into the string's
    /// storage: one pass to size it, one to fill it (building a String
    /// scalar by scalar, or through a `String.UnicodeScalarView`, is several
    /// times slower).
    package init(scalars: ArraySlice<Unicode.Scalar>) {
        self = scalars.withUnsafeBufferPointer { scalars in
            let count = scalars.reduce(0) { $0 + Self.width($1.value) }
            return String(unsafeUninitializedCapacity: count) { buffer in
                var index = 0
                for scalar in scalars {
                    index = Self.encode(scalar.value, into: buffer, at: index)
                }
                return index
            }
        }
    }

    /// The length of a scalar's UTF-8 encoding.
    @inline(__always)
    private static func width(_ value: UInt32) -> Int {
        value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
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
