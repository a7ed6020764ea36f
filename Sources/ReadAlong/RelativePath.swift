/// Paths inside a publication, from one archive entry to another.
enum RelativePath {
    /// The href that leads from the entry `base` to the entry `target`
    /// (`OEBPS/text/ch1.xhtml` → `OEBPS/narrate/ch1.smil`: `../narrate/ch1.smil`),
    /// percent-encoding what an IRI may not hold.
    static func href(to target: String, from base: String) -> String {
        var from = base.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        var to = target.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        while let first = from.first, to.count > 1, first == to[0] {
            from.removeFirst()
            to.removeFirst()
        }
        let parts = Array(repeating: "..", count: from.count) + to
        return parts.map(escaped).joined(separator: "/")
    }

    /// The directory part of an entry path, with a trailing slash; "" at the root.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    static func escaped(_ segment: String) -> String {
        var result = ""
        for byte in segment.utf8 {
            let scalar = Unicode.Scalar(byte)
            let safe = byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "-._~!$&'()*+,;=:@".unicodeScalars.contains(scalar))
            result += safe ? String(scalar) : "%" + hex(byte)
        }
        return result
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
