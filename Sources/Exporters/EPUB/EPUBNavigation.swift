import BookFiles

/// The EPUB 3 navigation document: the table of contents as a nested
/// list of links (`<nav epub:type="toc">`), which reading systems show
/// and importers title pages from.
public enum EPUBNavigation {
    /// One entry of the table of contents.
    public struct Entry: Hashable, Sendable {
        /// The label shown.
        public var title: String
        /// The link, relative to the navigation document.
        public var href: String
        /// Entries nested under this one.
        public var children: [Entry]

        public init(title: String, href: String, children: [Entry] = []) {
            self.title = title
            self.href = href
            self.children = children
        }
    }

    /// The navigation document's bytes. An entry whose title is empty
    /// after escaping is labelled `Untitled` (a link must have text).
    public static func bytes(entries: [Entry], title: String, language: String?) -> [UInt8] {
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
            let label = XMLText.escaped(entry.title).collapsingXMLWhitespace
            lines.append("<li><a href=\"\(XMLText.escaped(entry.href))\">\(label.isEmpty ? "Untitled" : label)</a>")
            list(entry.children, into: &lines)
            lines.append("</li>")
        }
        lines.append("</ol>")
    }
}
