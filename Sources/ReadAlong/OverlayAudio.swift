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
        // The files that could name audio: markup and text (XHTML, SVG, CSS, the NCX), not media.
        let others = manifestItems.filter { item in
            let type = item.attribute("media-type") ?? ""
            return type.contains("xml") || type.hasPrefix("text/")
        }.compactMap(itemPath).filter { !played.contains($0) }
        var dropped: Set<String> = []
        for item in items {
            guard let path = itemPath(item) else { continue }
            let name = Array((path.split(separator: "/").last.map(String.init) ?? path).utf8)
            let named = others.contains { other in (try? archive.read(other)).map { Self.bytes($0, contain: name) } ?? true }
            if !named {
                item.remove()
                dropped.insert(path)
            }
        }
        return dropped
    }

    private static func bytes(_ bytes: [UInt8], contain needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= bytes.count else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
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
