import BookFiles

/// The EPUB 3 navigation document made from an EPUB 2 book's NCX: its
/// `navMap` as nested lists of links, written beside the NCX so the links
/// keep their hrefs.
enum NavigationDocument {
    /// One entry of the table of contents.
    struct Entry {
        var title: String
        var href: String
        var children: [Entry]
    }

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
        let lang = language.map { " xml:lang=\"\(XMLText.escaped($0))\" lang=\"\(XMLText.escaped($0))\"" } ?? ""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<!DOCTYPE html>",
            "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\"\(lang)>",
            "<head><meta charset=\"utf-8\"/><title>\(XMLText.escaped(title))</title></head>",
            "<body>",
            "<nav epub:type=\"toc\" id=\"toc\"><h1>\(XMLText.escaped(title))</h1>",
        ]
        list(entries, into: &lines)
        lines += ["</nav>", "</body>", "</html>", ""]
        return Array(lines.joined(separator: "\n").utf8)
    }

    private static func list(_ entries: [Entry], into lines: inout [String]) {
        guard !entries.isEmpty else { return }
        lines.append("<ol>")
        for entry in entries {
            lines.append("<li><a href=\"\(XMLText.escaped(entry.href))\">\(XMLText.escaped(entry.title))</a>")
            list(entry.children, into: &lines)
            lines.append("</li>")
        }
        lines.append("</ol>")
    }
}
