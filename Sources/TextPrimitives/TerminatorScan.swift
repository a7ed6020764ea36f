extension ScalarClass {
    /// The first offset in `range` of a scalar that may be a terminator
    /// (``isTerminator(_:)``), or `range.upperBound`: eight scalars a step
    /// through text that has none. May stops at `.`, `!`, `?` and every
    /// scalar beyond ASCII except dashes and quotation marks (U+2010–U+201F,
    /// none a terminator); the caller asks ``isTerminator(_:)`` of it.
    package static func firstPossibleTerminator(in scalars: [Unicode.Scalar], range: Range<Int>) -> Int {
        scalars.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            if let base = UnsafeRawPointer(buffer.baseAddress) {
                while index + 8 <= range.upperBound {
                    let values = base.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<UInt32>.self)
                    if any(mayBeTerminators(values)) { break }
                    index += 8
                }
            }
            while index < range.upperBound, !mayBeTerminator(buffer[index].value) { index += 1 }
            return index
        }
    }

    /// Lane by lane, ``mayBeTerminator(_:)``. The constants are vectors
    /// made once: a literal in a lane-wise comparison is converted through
    /// the generic literal protocols on every step (ten times slower).
    @inline(__always)
    private static func mayBeTerminators(_ values: SIMD8<UInt32>) -> SIMDMask<SIMD8<Int32>> {
        let period = SIMD8<UInt32>(repeating: 0x2E), exclamation = SIMD8<UInt32>(repeating: 0x21)
        let question = SIMD8<UInt32>(repeating: 0x3F), lastASCII = SIMD8<UInt32>(repeating: 0x7F)
        let firstDash = SIMD8<UInt32>(repeating: 0x2010), dashesAndQuotes = SIMD8<UInt32>(repeating: 0x10)
        let punctuation = (values .== period) .| (values .== exclamation) .| (values .== question)
        return punctuation .| ((values .> lastASCII) .& ((values &- firstDash) .>= dashesAndQuotes))
    }

    @inline(__always)
    private static func mayBeTerminator(_ value: UInt32) -> Bool {
        value == 0x2E || value == 0x21 || value == 0x3F || (value > 0x7F && value &- 0x2010 >= 0x10)
    }
}
