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
