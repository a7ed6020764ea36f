/// The document element of XML or HTML at the start of a file, found past a
/// byte-order mark, the XML declaration, comments and the DOCTYPE: what
/// tells a narrated-book plist (`<plist>`) from an HTML page or another XML
/// document.
struct MarkupRoot: Hashable {
    /// The root element's name as written (`plist`, `html`, `FictionBook`);
    /// nil when the head ends before it.
    var element: String?
    /// The name the DOCTYPE declares, if any (`plist`, `html`).
    var doctype: String?

    /// Nil when the head does not start with markup.
    init?(_ head: [UInt8]) {
        // Most heads that are not markup (a zip, a PDF, text) say so in their
        // first byte after ASCII white space; decoding 4 KB of binary as
        // UTF-8, with a repair for every invalid byte, is slow.
        let bom = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let first = head[bom...].first(where: { !(0x09...0x0D).contains($0) && $0 != 0x20 }),
            first < 0x80, first != UInt8(ascii: "<")
        {
            return nil
        }
        var scalars = Substring(String(decoding: head[bom...], as: UTF8.self))
        scalars = scalars.drop { $0.isWhitespace }
        guard scalars.hasPrefix("<") else { return nil }
        while let next = scalars.first, next == "<" {
            if scalars.hasPrefix("<?") {
                guard let end = scalars.range(of: "?>") else { return }
                scalars = scalars[end.upperBound...]
            } else if scalars.hasPrefix("<!--") {
                guard let end = scalars.range(of: "-->") else { return }
                scalars = scalars[end.upperBound...]
            } else if scalars.uppercased().hasPrefix("<!DOCTYPE") {
                doctype = Self.name(scalars.dropFirst(9).drop { $0.isWhitespace })
                let subset = scalars.firstIndex(of: "[").map { $0 < (scalars.firstIndex(of: ">") ?? scalars.endIndex) }
                guard let end = scalars.range(of: subset == true ? "]>" : ">") else { return }
                scalars = scalars[end.upperBound...]
            } else {
                element = Self.name(scalars.dropFirst())
                return
            }
            scalars = scalars.drop { $0.isWhitespace }
        }
    }

    /// Whether the markup is (or may be) a property list.
    var mayBePropertyList: Bool {
        guard let name = element ?? doctype else { return true }
        return name == "plist"
    }

    /// The document format narrate reads that the root element names: FB2
    /// for `<FictionBook>`; HTML for `<html>`, an HTML DOCTYPE, or a page
    /// that opens with another HTML element (HTML lets `<html>`, `<head>`
    /// and `<body>` be left out: `<meta charset>`, `<h1>`, a fragment);
    /// nil otherwise.
    var readableDocument: InputFormat? {
        if doctype?.lowercased() == "html" { return .html }
        switch element?.lowercased() ?? doctype?.lowercased() {
        case "fictionbook": return .fictionBook
        case let name? where Self.htmlElements.contains(name): return .html
        default: return nil
        }
    }

    /// Whether the markup is a whole HTML page (`<html>`, or an HTML
    /// DOCTYPE), not a fragment that opens with another element.
    var isWholeHTMLPage: Bool {
        doctype?.lowercased() == "html" || element?.lowercased() == "html"
    }

    /// The elements of HTML that may open a page (`svg` and `math` are
    /// documents of their own, not pages).
    private static let htmlElements: Set<String> = [
        "html", "head", "body", "title", "meta", "link", "style", "script", "noscript", "base",
        "h1", "h2", "h3", "h4", "h5", "h6", "hgroup", "p", "div", "span", "section", "article", "aside",
        "nav", "header", "footer", "main", "address", "blockquote", "pre", "ol", "ul", "li", "dl", "dt",
        "dd", "figure", "figcaption", "hr", "br", "table", "thead", "tbody", "tfoot", "tr", "td", "th",
        "caption", "colgroup", "col", "a", "b", "i", "em", "strong", "small", "s", "cite", "q", "dfn",
        "abbr", "ruby", "data", "time", "code", "var", "samp", "kbd", "sub", "sup", "u", "mark", "bdi",
        "bdo", "img", "picture", "center", "font", "big", "tt", "strike", "details", "summary",
        "dialog", "template", "menu", "search", "form", "label", "input", "button", "select", "textarea",
        "fieldset", "iframe", "object", "video", "audio", "canvas",
    ]

    /// What the markup is when it is neither a property list nor a document
    /// narrate reads; nil when it may be one of those.
    var foreignFormat: ForeignFormat? {
        guard !mayBePropertyList, readableDocument == nil, let name = element ?? doctype else { return nil }
        switch name.lowercased() {
        case "svg": return ForeignFormat("an SVG image", hint: ForeignFormat.notText)
        case "package": return ForeignFormat("an EPUB package document (OPF) on its own",
            hint: "narrate reads the whole EPUB (the zip file)")
        default: return ForeignFormat("an XML document whose root is <\(name)>, not a narrated-book plist")
        }
    }

    /// An XML name at the start of `text`.
    private static func name(_ text: Substring) -> String? {
        let name = text.prefix { $0.isLetter || $0.isNumber || "_-.:".contains($0) }
        return name.isEmpty ? nil : String(name)
    }
}
