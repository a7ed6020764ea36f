extension StringProtocol {
    /// Whether the text contains `character`, an ASCII character: a byte
    /// search when the text is all ASCII (the same answer), Foundation's
    /// string search otherwise, as before (it is many times slower).
    package func containsASCII(_ character: Unicode.Scalar) -> Bool {
        let target = UInt8(truncatingIfNeeded: character.value)
        let bytewise: Bool?? = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 >= 0x80 } ? nil : bytes.contains(target)
        }
        if let bytewise, let answer = bytewise { return answer }
        if bytewise == nil, utf8.allSatisfy({ $0 < 0x80 }) { return utf8.contains(target) }
        return contains(String(character))
    }
}
