import BookFiles
/// The book's table of contents, flattened in document order: from the
/// EPUB 3 navigation document (`<nav epub:type="toc">`) or the EPUB 2 NCX.
struct TableOfContents {
    /// One entry that points somewhere in the book.
    struct Entry: Hashable {
        /// The label, whitespace collapsed.
        var title: String
        /// The archive path it points at and the `#fragment` inside it, if any.
        var target: ArchivePath.Reference
    }

    var entries: [Entry] = []

    /// Reads the `toc` nav of an EPUB 3 navigation document at archive path
    /// `path` (the first `<nav>` when none is marked `toc`).
    init(navigation bytes: [UInt8], path: String) throws(XMLError) {
        let document = try XMLDocument.parse(bytes, htmlFallback: true)
        guard let root = document.root else { return }
        var finder = TOCNavFinder()
        root.walk(&finder)
        guard let nav = finder.toc ?? finder.firstNav else { return }
        var reader = NavLinkReader(base: path)
        nav.walk(&reader)
        entries = reader.entries
    }

    /// Reads the `navMap` of an EPUB 2 NCX at archive path `path`.
    init(ncx bytes: [UInt8], path: String) throws(XMLError) {
        let document = try XMLDocument.parse(bytes)
        guard let root = document.root, let navMap = root.firstChild(named: "navMap") else { return }
        var reader = NavPointReader(base: path)
        navMap.walk(&reader)
        entries = reader.entries
    }

    init(entries: [Entry] = []) { self.entries = entries }

    /// Points entries whose target is missing at the one document with the
    /// same file name, as ``SameNameTargets`` finds it among the linear
    /// spine items, then the rest of the spine, then every archive entry.
    /// Returns how many entries were repaired.
    mutating func repairMissingTargets(in archive: some Archive, linearSpine: [String], spine: [String]) -> Int {
        let missing = entries.indices.filter { !archive.contains(entries[$0].target.path) }
        guard !missing.isEmpty else { return 0 }
        let targets = SameNameTargets(preferring: [linearSpine, spine, archive.entryPaths])
        var repaired = 0
        for index in missing {
            guard let target = targets.target(for: entries[index].target.path), archive.contains(target) else { continue }
            entries[index].target.path = target
            repaired += 1
        }
        return repaired
    }
}

/// Finds the `<nav epub:type="toc">` (and the first `<nav>` as a fallback).
private struct TOCNavFinder: XMLVisitor {
    var toc: XMLNode?
    var firstNav: XMLNode?

    mutating func enter(_ node: XMLNode) -> Bool {
        guard toc == nil, node.kind == .element else { return false }
        guard node.name == "nav" else { return true }
        if firstNav == nil { firstNav = node }
        if node.epubTypes.contains("toc") || node.attribute("role") == "doc-toc" { toc = node }
        return false
    }
}

/// Collects `<a href>` links of a nav in order; their nested lists follow.
private struct NavLinkReader: XMLVisitor {
    let base: String
    var entries: [TableOfContents.Entry] = []

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        guard node.name == "a" else { return true }
        if let href = node.attribute("href"), let target = ArchivePath.resolve(href, relativeTo: base) {
            entries.append(.init(title: node.collapsedText, target: target))
        }
        return false
    }
}

/// Collects `navPoint`s (label and `content src`) in document order.
private struct NavPointReader: XMLVisitor {
    let base: String
    var entries: [TableOfContents.Entry] = []

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        guard node.name == "navPoint" else { return node.name == "navMap" }
        let label = node.firstChild(named: "navLabel")?.collapsedText ?? ""
        if let src = node.firstChild(named: "content")?.attribute("src"),
            let target = ArchivePath.resolve(src, relativeTo: base)
        {
            entries.append(.init(title: label, target: target))
        }
        return true
    }
}
