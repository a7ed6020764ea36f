extension StringProtocol {
    /// The text between two UTF-8 offsets found on its bytes (by
    /// `withContiguousStorageIfAvailable` or `withUTF8`), which must fall
    /// on scalar boundaries.
    @inlinable package func utf8Slice(_ offsets: Range<Int>) -> SubSequence {
        let lower = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
        return self[lower..<utf8.index(lower, offsetBy: offsets.count)]
    }

    /// Whether the text has at most `limit` characters, counted only as far
    /// as needed (not at all when it has at most `limit` UTF-8 bytes).
    @inlinable package func hasAtMost(characters limit: Int) -> Bool {
        utf8.count <= limit || dropFirst(limit).isEmpty
    }
}

extension String {
    /// Calls `body` with the string's UTF-8, read in place when it is
    /// contiguous (every native string), without the copy of the string
    /// (a reference count raised and dropped) that `withUTF8` on a `var`
    /// needs; a string that is not contiguous is made so first.
    @inlinable package func withUTF8Bytes<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }

    /// Whether every byte is ASCII.
    package var isASCII: Bool { withUTF8Bytes { !$0.contains { $0 >= 0x80 } } }
}
