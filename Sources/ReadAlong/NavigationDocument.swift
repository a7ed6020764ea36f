import BookFiles
import Exporters

/// The EPUB 3 navigation document made from an EPUB 2 book's NCX: its
/// `navMap` as nested lists of links, written beside the NCX so the links
/// keep their hrefs.
enum NavigationDocument {
    /// One entry of the table of contents.
    typealias Entry = EPUBNavigation.Entry

    /// The entries of an NCX's `navMap`; empty when it has none.
    static func entries(ncx bytes: [UInt8]) -> [Entry] {
        guard let document = try? XMLDocument.parse(bytes), let root = document.root,
            let navMap = root.firstChild(named: "navMap")
        else { return [] }
        return points(in: navMap, depth: 0)
    }

    private static func points(in parent: XMLNode, depth: Int) -> [Entry] {
        guard depth < 32 else { return [] }
        return parent.childElements.filter { $0.name == "navPoint" }.compactMap { point in
            let title = point.firstChild(named: "navLabel")?.firstChild(named: "text")?.textContent(limit: 1_000) ?? ""
            let collapsed = title.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            guard let href = point.firstChild(named: "content")?.attribute("src"), !href.isEmpty else { return nil }
            return Entry(title: collapsed.isEmpty ? "Untitled" : collapsed, href: href,
                children: points(in: point, depth: depth + 1))
        }
    }

    /// The navigation document's bytes.
    static func bytes(entries: [Entry], title: String, language: String?) -> [UInt8] {
        EPUBNavigation.bytes(entries: entries, title: title, language: language)
    }
}
