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
        if unified.isASCII { return ASCIIPathBuilder.path(unified) }
        return resolveSegments(slashSegments(unified))
    }

    /// Resolves `href` as written in the document at `base` (an archive path).
    ///
    /// Returns `nil` for references that leave the archive: other schemes
    /// (`http:`, `mailto:`), absolute paths, backslashes, or `..` past the root.
    /// A bare `#fragment` resolves to `base` itself.
    public static func resolve(_ href: String, relativeTo base: String) -> Reference? {
        if let resolved = resolveASCII(href, relativeTo: base) { return resolved }
        return resolveInGeneral(href, relativeTo: base)
    }

    /// ``resolve(_:relativeTo:)`` for any href: percent escapes, text
    /// beyond ASCII (cut into segments by Character).
    static func resolveInGeneral(_ href: String, relativeTo base: String) -> Reference? {
        let trimmed = href.trimmingASCIIWhitespace()
        let (rawPath, rawFragment) = splitFragment(trimmed)
        let fragment = rawFragment.flatMap { percentDecode($0) }.flatMap { $0.isEmpty ? nil : $0 }
        if rawPath.isEmpty { return Reference(path: base, fragment: fragment) }
        guard !hasScheme(rawPath), !rawPath.hasPrefix("/"), !rawPath.containsASCII("\\"),
            let decoded = percentDecode(rawPath), !decoded.containsASCII("\\")
        else { return nil }
        let path: String?
        if base.isASCII, decoded.isASCII {
            path = ASCIIPathBuilder.path(base, withoutLastSegment: true, then: decoded)
        } else {
            var segments = slashSegments(base)
            if !segments.isEmpty { segments.removeLast() }  // the base document's own name; none at the root ("")
            segments += slashSegments(decoded)
            path = resolveSegments(segments)
        }
        guard let path else { return nil }
        return Reference(path: path, fragment: fragment)
    }

    /// ``resolve(_:relativeTo:)`` read on the bytes, for the hrefs nearly
    /// every book has: ASCII with no percent escape, relative to an ASCII
    /// base. `nil` when the href is not such (the general way then
    /// decides); otherwise what the general way gives, `.some(nil)` for the
    /// same refusals.
    private static func resolveASCII(_ href: String, relativeTo base: String) -> Reference?? {
        href.withUTF8Bytes { bytes -> Reference?? in
            // A carriage return is left to the general way: there "\r\n" is one Character, not trimmed.
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") || $0 == 0x0D }), base.isASCII
            else { return nil }
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }
            guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return .some(Reference(path: base)) }
            let end = (bytes.lastIndex(where: { !isSpace($0) }) ?? first) + 1
            let hash = bytes[first..<end].firstIndex(of: UInt8(ascii: "#"))
            let path = UnsafeBufferPointer(rebasing: bytes[first..<(hash ?? end)])
            let fragment = hash.flatMap { $0 + 1 < end ? String(decoding: bytes[($0 + 1)..<end], as: UTF8.self) : nil }
            if path.isEmpty { return .some(Reference(path: base, fragment: fragment)) }
            guard !hasScheme(path), path[0] != UInt8(ascii: "/"), !path.contains(UInt8(ascii: "\\")),
                let resolved = ASCIIPathBuilder.path(base, withoutLastSegment: true, then: path)
            else { return .some(nil) }
            return .some(Reference(path: resolved, fragment: fragment))
        }
    }

    /// The directory part of a path with a trailing `/`, or `""` at the root.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    private static func resolveSegments(_ segments: [Substring]) -> String? {
        var result: [Substring] = []
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

    /// The non-empty segments between slashes, as slices of `text` (no
    /// string made for each); cut by byte for ASCII text (the same cuts as
    /// by Character: no ASCII character joins a slash).
    private static func slashSegments(_ text: String) -> [Substring] {
        guard text.isASCII else { return text.split(separator: "/") }
        return text.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    /// `scheme:` per RFC 3986: a letter, then letters, digits, `+`, `-`, `.`
    /// (all ASCII, so read as bytes: a byte of a non-ASCII character is none of them).
    private static func hasScheme(_ path: Substring) -> Bool {
        hasScheme(path.utf8)
    }

    private static func hasScheme(_ bytes: some Collection<UInt8>) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon != bytes.startIndex else { return false }
        let scheme = bytes[..<colon]
        guard let first = scheme.first, isASCIILetter(first) else { return false }
        return scheme.allSatisfy { byte in
            isASCIILetter(byte) || byte &- UInt8(ascii: "0") < 10
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

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

/// ``ArchivePath``'s resolution of `.` and `..` done on the bytes of ASCII
/// paths (nearly every path in a book), with no string or array made for
/// each segment: the same result as splitting at slashes and resolving the
/// segments, which non-ASCII paths still do (a slash followed by a
/// combining mark is one Character there, not a separator).
private struct ASCIIPathBuilder {
    private var bytes: [UInt8] = []
    /// Where each segment kept so far starts in `bytes`.
    private var starts: [Int] = []
    /// Set when a `..` climbs past the root.
    private var escaped = false

    /// `first`'s segments (all but its last with `withoutLastSegment`), then
    /// `second`'s, resolved; `nil` when they climb past the root or name nothing.
    static func path(_ first: String, withoutLastSegment: Bool = false, then second: String = "") -> String? {
        second.withUTF8Bytes { path(first, withoutLastSegment: withoutLastSegment, then: $0) }
    }

    static func path(_ first: String, withoutLastSegment: Bool, then second: UnsafeBufferPointer<UInt8>) -> String? {
        var builder = ASCIIPathBuilder()
        first.withUTF8Bytes { first in
            builder.bytes.reserveCapacity(first.count + second.count)
            builder.add(segmentsOf: first, withoutLast: withoutLastSegment)
        }
        builder.add(segmentsOf: second, withoutLast: false)
        guard !builder.escaped, !builder.bytes.isEmpty else { return nil }
        return String(decoding: builder.bytes, as: UTF8.self)
    }

    private mutating func add(segmentsOf utf8: UnsafeBufferPointer<UInt8>, withoutLast: Bool) {
        var pending: Range<Int>?  // each segment is added once the next is found
        var start = 0
        var index = 0
        while index <= utf8.count {
            if index == utf8.count || utf8[index] == UInt8(ascii: "/") {
                if index > start {
                    if let pending { add(UnsafeBufferPointer(rebasing: utf8[pending])) }
                    pending = start..<index
                }
                start = index + 1
            }
            index += 1
        }
        // The last segment, unless it is a document's own name.
        if let pending, !withoutLast { add(UnsafeBufferPointer(rebasing: utf8[pending])) }
    }

    private mutating func add(_ segment: UnsafeBufferPointer<UInt8>) {
        let dot = UInt8(ascii: ".")
        if segment.count == 1, segment[0] == dot { return }
        if segment.count == 2, segment[0] == dot, segment[1] == dot {
            guard let start = starts.popLast() else { escaped = true; return }
            bytes.removeSubrange(max(start - 1, 0)...)  // the segment and the slash before it
            return
        }
        if !bytes.isEmpty { bytes.append(UInt8(ascii: "/")) }
        starts.append(bytes.count)
        bytes.append(contentsOf: segment)
    }
}
