import BookFiles
import BookModel
import TextPrimitives
/// How the content reader treats each XHTML element: the tables behind
/// "what is a block", "what is never spoken" and "what is emphasis".
enum ContentRules {
    /// What an element does to the text inside it.
    enum Role {
        /// Not spoken and not descended into (head, script, ruby readings,
        /// notes, page breaks, hidden content).
        case skipped
        /// Descended into for images and anchors, but its text is not spoken
        /// (inline SVG and MathML).
        case silent
        /// Starts and ends a block; `kind` is `nil` for neutral containers
        /// (`p`, `div`, `section`) that take the kind of an enclosing block.
        case block(kind: TextBlock.Kind?)
        /// A line break: ends the current block (a new line in `pre`).
        case lineBreak
        /// Text flows through it; `emphasis` for em, i, strong, b.
        case inline(emphasis: Bool)
    }

    /// The role of `node`, whose local name is `name`.
    /// - Parameters:
    ///   - readsNotes: footnotes, endnotes and rear notes are read (where
    ///     they stand); otherwise they are skipped.
    ///   - readsContents: a table of contents (`epub:type="toc"`) is read.
    static func role(of node: XMLNode, name: String, readsNotes: Bool = false, readsContents: Bool = false) -> Role {
        classify(node, name: name, readsNotes: readsNotes, readsContents: readsContents).role
    }

    /// The role of `node` and whether it opens a note that is read (a
    /// footnote, endnote, rear note or a collection of them, with
    /// `readsNotes`): the text inside is marked as a note.
    static func classify(_ node: XMLNode, name: String, readsNotes: Bool, readsContents: Bool)
        -> (role: Role, opensNote: Bool)
    {
        let byName = roleByName[name]
        if case .skipped? = byName { return (.skipped, false) }
        let unspoken = unspokenKind(of: node)
        switch unspoken {
        case .always?: return (.skipped, false)
        case .note? where !readsNotes: return (.skipped, false)
        case .contents? where !readsContents: return (.skipped, false)
        default: break
        }
        if isHidden(node) || isParagraphNumber(node, name: name) { return (.skipped, false) }
        return (byName ?? .inline(emphasis: false), unspoken == .note)
    }

    /// Why an element is not spoken: never (note references, page breaks,
    /// back-links, navigation bars), or unless asked (notes, contents).
    enum Unspoken {
        case always, note, contents
    }

    private static let skippedNames: Set<String> = [
        "head", "script", "style", "rt", "rp", "template", "noscript", "iframe", "audio", "video",
        "button", "select", "textarea", "input", "datalist", "canvas",
    ]
    private static let silentNames: Set<String> = ["svg", "math"]
    private static let emphasisNames: Set<String> = ["em", "i", "strong", "b"]
    private static let blockKinds: [String: TextBlock.Kind] = [
        "h1": .heading(level: 1), "h2": .heading(level: 2), "h3": .heading(level: 3),
        "h4": .heading(level: 4), "h5": .heading(level: 5), "h6": .heading(level: 6),
        "li": .listItem(marker: nil), "blockquote": .blockQuote, "pre": .preformatted,
        "td": .tableCell, "th": .tableCell, "figcaption": .caption, "caption": .caption,
        "dt": .definitionTerm, "dd": .definition,
    ]
    private static let neutralBlockNames: Set<String> = [
        "p", "div", "section", "article", "aside", "header", "footer", "nav", "main", "body", "html",
        "address", "center", "details", "dialog", "dl", "fieldset", "figure", "form", "hgroup", "hr",
        "legend", "ol", "ul", "menu", "summary", "table", "thead", "tbody", "tfoot", "tr", "colgroup",
    ]

    /// The tables above merged, so an element costs one lookup: the role its
    /// name alone gives (skipped names win, then silent, line break, block
    /// kinds, neutral blocks, emphasis); names not listed are plain inline.
    private static let roleByName: [String: Role] = {
        var roles: [String: Role] = [:]
        for name in emphasisNames { roles[name] = .inline(emphasis: true) }
        for name in neutralBlockNames { roles[name] = .block(kind: nil) }
        for (name, kind) in blockKinds { roles[name] = .block(kind: kind) }
        roles["br"] = .lineBreak
        for name in silentNames { roles[name] = .silent }
        for name in skippedNames { roles[name] = .skipped }
        return roles
    }()

    /// `epub:type` values that are not spoken: note references, page
    /// breaks and back-links never; notes and tables of contents unless
    /// asked (`--notes`, `--contents`).
    private static let unspokenTypes = TokenTable([
        "noteref": .always, "pagebreak": .always, "backlink": .always, "landmarks": .always, "page-list": .always,
        "footnote": .note, "endnote": .note, "rearnote": .note, "note": .note, "footnotes": .note,
        "endnotes": .note, "rearnotes": .note, "toc": .contents, "toc-brief": .contents,
    ])
    /// ARIA roles of the same, and navigation bars ("next | previous" links
    /// of converted web pages).
    private static let unspokenRoles = TokenTable([
        "doc-noteref": .always, "doc-pagebreak": .always, "doc-backlink": .always, "navigation": .always,
        "doc-pagelist": .always, "doc-footnote": .note, "doc-endnote": .note, "doc-endnotes": .note,
        "doc-toc": .contents,
    ])

    /// Classes that converters (Project Gutenberg, poetry editions) give to
    /// printed page and line numbers in the margin.
    private static let unspokenClasses = TokenTable([
        "pagenum": .always, "page-number": .always, "pagenumber": .always, "lnum": .always, "linenum": .always,
        "line-number": .always, "linenumber": .always,
    ])

    /// Tokens to look for and why each is not spoken, with the range of their
    /// lengths in bytes, so most tokens of an attribute are ruled out without
    /// hashing them.
    struct TokenTable {
        let tokens: [Substring: Unspoken]
        let lengths: ClosedRange<Int>

        init(_ tokens: [Substring: Unspoken]) {
            self.tokens = tokens
            let counts = tokens.keys.map(\.utf8.count)
            lengths = (counts.min() ?? 0)...(counts.max() ?? 0)
        }
    }

    /// Why `node` is not spoken, from its `epub:type`, class and role; nil
    /// when nothing says so.
    private static func unspokenKind(of node: XMLNode) -> Unspoken? {
        let types = node.attribute("type", namespace: EPUBNamespace.ops) ?? node.attribute("epub:type") ?? ""
        if let kind = firstToken(in: types, from: unspokenTypes, splittingAtLineBreaksAndTabs: true) { return kind }
        if let classes = node.attribute("class"), let kind = firstToken(in: classes, from: unspokenClasses) { return kind }
        guard let role = node.attribute("role") else { return nil }
        return firstToken(in: role, from: unspokenRoles)
    }

    /// What the first of `value`'s tokens found in `tokens` says, `value`
    /// cut at spaces (and at tabs and line breaks too when asked, as
    /// ``XMLNode/epubTypes`` cuts). Cut by byte for ASCII, which is the same
    /// as cutting by Character except around "\r" (a "\r\n" is one
    /// Character); other values are cut by Character.
    static func firstToken(in value: String, from tokens: TokenTable, splittingAtLineBreaksAndTabs: Bool = false) -> Unspoken? {
        guard !value.isEmpty else { return nil }
        let cuts: [Range<Int>]? = value.withUTF8Bytes { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }) else { return nil }
            var cuts: [Range<Int>] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || isSeparator(bytes[index], splittingAtLineBreaksAndTabs) {
                if tokens.lengths.contains(index - start) { cuts.append(start..<index) }
                start = index + 1
            }
            return cuts
        }
        guard let cuts else {
            let characters: Set<Character> = splittingAtLineBreaksAndTabs ? [" ", "\t", "\n"] : [" "]
            return value.split(whereSeparator: characters.contains).lazy.compactMap { tokens.tokens[$0] }.first
        }
        for cut in cuts {
            if let kind = tokens.tokens[value.utf8Slice(cut)] { return kind }
        }
        return nil
    }

    private static func isSeparator(_ byte: UInt8, _ splittingAtLineBreaksAndTabs: Bool) -> Bool {
        byte == UInt8(ascii: " ")
            || (splittingAtLineBreaksAndTabs && (byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")))
    }

    /// `hidden`, `aria-hidden="true"`, or an inline `display: none`.
    private static func isHidden(_ node: XMLNode) -> Bool {
        if node.attribute("hidden") != nil || node.attribute("aria-hidden") == "true" { return true }
        guard let style = node.attribute("style") else { return false }
        let compact = style.lowercased().filter { !$0.isWhitespace }
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }

    /// A `<label>` holding only a paragraph number (SiSU's "object citation
    /// numbers" beside every paragraph).
    static func isParagraphNumber(_ node: XMLNode, name: String) -> Bool {
        guard name == "label" else { return false }
        let text = node.textContent(limit: 16).collapsingWhitespace()
        return !text.isEmpty && text.allSatisfy(\.isNumber)
    }

    /// A link that is only a note marker (`<sup><a href="#n3">3</a></sup>`)
    /// in books that do not mark note references with `epub:type`.
    static func isBareNoteMarker(_ node: XMLNode, name: String, insideSuperscript: Bool) -> Bool {
        guard insideSuperscript, name == "a", node.attribute("href")?.contains("#") == true else {
            return false
        }
        let text = node.textContent(limit: 16).collapsingWhitespace()
        return !text.isEmpty && text.count <= 6
            && text.allSatisfy { $0.isNumber || "[]()*†‡§".contains($0) || ($0.isLetter && text.count <= 2) }
    }
}
