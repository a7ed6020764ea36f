import BookModel

/// Paths inside an archive: normalising entry names and resolving the hrefs
/// that documents use to name each other, so that nothing can point outside
/// the archive.
///
/// A normalised path has no leading `/`, no `.` or `..` segments, no empty
/// segments and only `/` as separator, such as `OEBPS/text/ch1.xhtml`.
public enum ArchivePath {
    /// A reference split into the archive path it names and its `#fragment`.
    public struct Reference: Hashable, Sendable {
        /// Normalised archive path.
        public var path: String
        /// The part after `#`, percent-decoded; `nil` when there is none or it is empty.
        public var fragment: String?
    }

    /// Normalises a zip entry name; `nil` when it would reach outside the
    /// archive (`../x`, `/etc/x`, `C:\x`) or names nothing.
    public static func normalise(entryName: String) -> String? {
        if entryName.hasPrefix("/") || entryName.hasPrefix("\\") || hasDriveLetter(entryName) { return nil }
        let unified = entryName.containsASCII("\\") ? entryName.replacingAll("\\", with: "/") : entryName
        return resolveSegments(slashSegments(unified))
    }

    /// Resolves `href` as written in the document at `base` (an archive path).
    ///
    /// Returns `nil` for references that leave the archive: other schemes
    /// (`http:`, `mailto:`), absolute paths, backslashes, or `..` past the root.
    /// A bare `#fragment` resolves to `base` itself.
    public static func resolve(_ href: String, relativeTo base: String) -> Reference? {
        let trimmed = href.trimmingASCIIWhitespace()
        let (rawPath, rawFragment) = splitFragment(trimmed)
        let fragment = rawFragment.flatMap { percentDecode($0) }.flatMap { $0.isEmpty ? nil : $0 }
        if rawPath.isEmpty { return Reference(path: base, fragment: fragment) }
        guard !hasScheme(rawPath), !rawPath.hasPrefix("/"), !rawPath.containsASCII("\\"),
            let decoded = percentDecode(rawPath), !decoded.containsASCII("\\")
        else { return nil }
        var segments = slashSegments(base)
        if !segments.isEmpty { segments.removeLast() }  // the base document's own name; none at the root ("")
        segments += slashSegments(decoded)
        guard let path = resolveSegments(segments) else { return nil }
        return Reference(path: path, fragment: fragment)
    }

    /// The directory part of a path with a trailing `/`, or `""` at the root.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    private static func resolveSegments(_ segments: [String]) -> String? {
        var result: [String] = []
        for segment in segments {
            switch segment {
            case ".": continue
            case "..":
                guard !result.isEmpty else { return nil }
                result.removeLast()
            default: result.append(segment)
            }
        }
        return result.isEmpty ? nil : result.joined(separator: "/")
    }

    private static func splitFragment(_ href: String) -> (Substring, Substring?) {
        let hash = href.isASCII ? href.utf8.firstIndex(of: UInt8(ascii: "#")) : href.firstIndex(of: "#")
        guard let hash else { return (href[...], nil) }
        return (href[..<hash], href[href.index(after: hash)...])
    }

    /// The non-empty segments between slashes; cut by byte for ASCII text
    /// (the same cuts as by Character: no ASCII character joins a slash).
    private static func slashSegments(_ text: String) -> [String] {
        guard text.isASCII else { return text.split(separator: "/").map(String.init) }
        return text.utf8.split(separator: UInt8(ascii: "/")).map { String(Substring($0)) }
    }

    /// `scheme:` per RFC 3986: a letter, then letters, digits, `+`, `-`, `.`.
    private static func hasScheme(_ path: Substring) -> Bool {
        guard let colon = path.firstIndex(of: ":"), colon != path.startIndex else { return false }
        let scheme = path[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    private static func hasDriveLetter(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars.prefix(2))
        return scalars.count == 2 && scalars[1] == ":" && scalars[0].properties.isAlphabetic
    }

    /// Decodes `%XX` escapes as UTF-8; `nil` when an escape is malformed or
    /// the bytes are not UTF-8.
    package static func percentDecode(_ text: Substring) -> String? {
        guard text.containsASCII("%") else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}


extension String {
    package func replacingAll(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
