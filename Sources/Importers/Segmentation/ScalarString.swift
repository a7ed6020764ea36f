extension String {
    /// The string of `scalars`, encoded as UTF-8 straight into the string's
    /// storage: one pass to size it, one to fill it (building a String
    /// scalar by scalar, or through a `String.UnicodeScalarView`, is several
    /// times slower).
    init(scalars: ArraySlice<Unicode.Scalar>) {
        let count = scalars.reduce(0) { $0 + UTF8.width($1) }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var index = 0
            for scalar in scalars {
                index = Self.encode(scalar, into: buffer, at: index)
            }
            return index
        }
    }

    /// Writes the UTF-8 of `scalar` at `index`; returns the index after it.
    private static func encode(
        _ scalar: Unicode.Scalar, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int
    ) -> Int {
        let value = scalar.value
        if value < 0x80 {
            buffer[index] = UInt8(value)
            return index + 1
        }
        var index = index
        UTF8.encode(scalar) { unit in
            buffer[index] = unit
            index += 1
        }
        return index
    }
}
