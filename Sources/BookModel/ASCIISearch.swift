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

/// ASCII letters compared in any case, byte by byte, without lowercased copies.
package enum ASCIICase {
    /// Whether `bytes` start with `word`, lowercase ASCII, the letters of
    /// `bytes` in any case. No byte of a character beyond ASCII matches.
    package static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        for offset in 0..<count {
            let byte = bytes[offset]
            if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != word.utf8Start[offset] { return false }
        }
        return true
    }
}

extension String {
    /// Whether the text is `other` (lowercase ASCII) with its letters in any
    /// case, compared byte by byte. For an `other` without a `k` (the only
    /// ASCII letter a non-ASCII character lowercases to: the Kelvin sign
    /// `K`), the same answer as `lowercased() == other`, without a copy.
    package func equalsIgnoringASCIICase(_ other: StaticString) -> Bool {
        utf8.count == other.utf8CodeUnitCount && endsIgnoringASCIICase(with: other)
    }

    /// Whether the text ends with `suffix` (lowercase ASCII), its letters in
    /// any case (see ``equalsIgnoringASCIICase(_:)``).
    package func hasSuffixIgnoringASCIICase(_ suffix: StaticString) -> Bool {
        utf8.count >= suffix.utf8CodeUnitCount && endsIgnoringASCIICase(with: suffix)
    }

    private func endsIgnoringASCIICase(with suffix: StaticString) -> Bool {
        var text = self
        return text.withUTF8 { bytes in
            ASCIICase.startsWith(UnsafeBufferPointer(rebasing: bytes[(bytes.count - suffix.utf8CodeUnitCount)...]), suffix)
        }
    }
}
