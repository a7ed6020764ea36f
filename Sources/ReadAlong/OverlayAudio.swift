import BookFiles

extension PackageEditor {
    /// Removes the audio that only the book's own overlays (dropped by
    /// ``dropOverlays()``) played: its manifest items go, and the paths
    /// are returned for the archive to leave out. A narrated book made
    /// read-along again would otherwise carry its old recording beside the
    /// new one. Audio any other file of the book names (an `<audio>` in a
    /// document, say: its file name anywhere in a markup or text file) is kept,
    /// as is all audio when an overlay cannot be read.
    mutating func dropOverlayAudio(in archive: any Archive) -> Set<String> {
        var played: Set<String> = []
        for smil in droppedOverlays {
            guard let bytes = try? archive.read(smil), let document = try? XMLDocument.parseForEditing(bytes), let root = document.root
            else { return [] }
            var sources = AudioSources(base: smil)
            root.walk(&sources)
            played.formUnion(sources.paths)
        }
        let items = manifestItems.filter { itemPath($0).map(played.contains) ?? false }
        guard !items.isEmpty else { return [] }
        // The audio file names the markup and text files name (XHTML, SVG, CSS, the NCX; not media), each read once.
        var named: Set<String> = []
        for item in manifestItems {
            let type = item.attribute("media-type") ?? ""
            guard type.contains("xml") || type.hasPrefix("text/"), let path = itemPath(item), !played.contains(path),
                let bytes = try? archive.read(path)
            else { continue }
            named.formUnion(AudioFileNames.named(in: bytes))
        }
        var dropped: Set<String> = []
        for item in items {
            guard let path = itemPath(item) else { continue }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if !named.contains(name) {
                item.remove()
                dropped.insert(path)
            }
        }
        return dropped
    }
}

/// The names of audio files a text names: each run of file-name bytes (at
/// most 255) that ends in an audio extension, as written and with its
/// percent escapes decoded. One pass over the bytes.
enum AudioFileNames {
    static let extensions: [[UInt8]] = ["mp3", "m4a", "m4b", "mp4", "aac", "ogg", "oga", "opus", "wav", "flac", "webm"].map { Array($0.utf8) }

    static func named(in bytes: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "."), let length = extensionLength(in: bytes, after: index) else { continue }
            var start = index
            while start > 0, index - start < 255, isNameByte(bytes[start - 1]) { start -= 1 }
            guard start < index else { continue }
            let name = String(decoding: bytes[start..<(index + 1 + length)], as: UTF8.self)
            names.insert(name)
            if let decoded = ArchivePath.percentDecode(name[...]) { names.insert(decoded) }
        }
        return names
    }

    /// The length of the audio extension after the dot at `dot`, ended by a byte that cannot go on a name; nil for none.
    private static func extensionLength(in bytes: [UInt8], after dot: Int) -> Int? {
        for candidate in extensions {
            let end = dot + 1 + candidate.count
            guard end <= bytes.count, zip(bytes[(dot + 1)..<end], candidate).allSatisfy({ $0 | 0x20 == $1 }) else { continue }
            if end == bytes.count || !isNameByte(bytes[end]) { return candidate.count }
        }
        return nil
    }

    /// Letters, digits, `-_.%~+` and every byte of a multi-byte UTF-8 character.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "%"), UInt8(ascii: "~"), UInt8(ascii: "+"): true
        default: byte >= 0x80
        }
    }
}

/// The archive paths of the `<audio src>` of an overlay at `base`.
private struct AudioSources: XMLVisitor {
    let base: String
    var paths: Set<String> = []

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        if node.name == "audio", let source = node.attribute("src"), let path = ArchivePath.resolve(source, relativeTo: base)?.path {
            paths.insert(path)
        }
        return true
    }
}
