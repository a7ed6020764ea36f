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
    /// for `<FictionBook>`, HTML for `<html>` (any case); nil otherwise.
    var readableDocument: InputFormat? {
        switch (element ?? doctype)?.lowercased() {
        case "fictionbook": .fictionBook
        case "html": .html
        default: nil
        }
    }

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
