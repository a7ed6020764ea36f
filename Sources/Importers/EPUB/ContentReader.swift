import BookFiles
import BookModel
import TextPrimitives

/// Walks an XHTML document and gathers ``TextBlock``s, anchors and images.
///
/// Every element pushes a frame that caches what it inherits (block kind,
/// emphasis, language, silence), so the cost per node stays constant however
/// deep the nesting.
struct ContentReader: XMLVisitor {
    private struct Frame {
        var role: ContentRules.Role
        /// Kind of block text here belongs to, and the frame that set it.
        var kind: TextBlock.Kind = .paragraph
        var kindOwner: Int?
        var isEmphasized = false
        var language: String?
        /// `language` when it differs from the book's, else nil: what runs carry.
        var runLanguage: String?
        var isSilent = false
        var isPreformatted = false
        var insideSuperscript = false
        /// Inside a link to another document (a table of contents' entry).
        var insideLink = false
        /// For `ol`/`ul`: next item number, step and type; nil for `ul`.
        var list: (next: Int, step: Int, type: String?)?
        /// Index of the frame of the nearest enclosing `ol` or `ul`.
        var listOwner: Int?
        /// For `li`: its spoken marker until the first block uses it.
        var marker: String?
        /// `ssml:alphabet`, inherited by descendants.
        var alphabet: String?
        /// Whether an `ssml:ph` of this element or an ancestor is open.
        var insidePhonemes = false
        /// Inside a note that is read (``ContentRules/classify(_:name:readsNotes:readsContents:)``).
        var isNote = false

        var runStyle: RunStyle {
            RunStyle(isNote: isNote, insideLink: insideLink, isEmphasized: isEmphasized, language: runLanguage)
        }
    }

    /// What text takes from the frame it is read in.
    private struct RunStyle {
        var isNote: Bool
        var insideLink: Bool
        var isEmphasized: Bool
        /// ``Frame/runLanguage``.
        var language: String?
    }

    let path: String
    let bookLanguage: String?
    let speakAltText: Bool
    /// Notes and tables of contents are read (`--notes`, `--contents`).
    let readsNotes: Bool
    let readsContents: Bool
    private(set) var blocks: [TextBlock] = []
    /// UTF-8 bytes of text inside links to other documents: a page that is
    /// mostly links is a table of contents.
    private(set) var linkedTextBytes = 0
    /// Links to other documents.
    private(set) var outwardLinks = 0
    private(set) var anchors: [String: ChapterContent.Position] = [:]
    private(set) var images: [ChapterContent.Image] = []
    private var frames: [Frame] = []
    private var runs: [TextRun] = []
    /// The open block has visible text outside notes: it is not a note.
    private var openBlockHasBody = false
    private var placesRecorded = 0
    /// `ssml:ph` and `ssml:alphabet`, and the PLS lexicons the head links.
    private var phonemes = InlinePhonemeReader()
    var lexiconLinks: [InlinePhonemeReader.LexiconLink] { phonemes.lexiconLinks }
    var unknownAlphabets: [(name: String, line: Int)] { phonemes.unknownAlphabets }

    init(path: String, bookLanguage: String?, speakAltText: Bool, readsNotes: Bool = false, readsContents: Bool = false) {
        self.path = path
        self.bookLanguage = bookLanguage
        self.speakAltText = speakAltText
        self.readsNotes = readsNotes
        self.readsContents = readsContents
    }

    mutating func enter(_ node: XMLNode) -> Bool {
        switch node.kind {
        case .element: return enterElement(node)
        case .text, .entityReference:
            // The top frame read in place: copying it out retained every string in it, for every text node.
            if let top = frames.indices.last, !frames[top].isSilent {
                appendText(node.text, line: node.line, style: frames[top].runStyle)
            }
            return false
        case .other: return false
        }
    }

    mutating func exit(_ node: XMLNode) {
        guard node.kind == .element, let top = frames.indices.last else { return }
        if case .block = frames[top].role { flush() }
        phonemes.exit(frames.count, runs: runs.count, blocks: blocks.count)
        frames.removeLast()
    }

    private mutating func enterElement(_ node: XMLNode) -> Bool {
        // The parent's frame, copied once and made the new one in place.
        var frame = frames.last ?? Frame(role: .block(kind: nil), language: nil)
        let parent = (isPreformatted: frame.isPreformatted, insideLink: frame.insideLink, style: frame.runStyle)
        let name = node.name
        var (role, opensNote) = ContentRules.classify(node, name: name, readsNotes: readsNotes, readsContents: readsContents)
        if ContentRules.isBareNoteMarker(node, name: name, insideSuperscript: frame.insideSuperscript) {
            role = .skipped
        }
        if case .block = role { flush() }
        if name == "head" { phonemes.readLinks(in: node, path: path) }
        recordAnchor(node, name: name)
        inherit(&frame, for: node, name: name, role: role)
        if opensNote { frame.isNote = true }
        phonemes.enter(node, frame: &frame.alphabet, inside: &frame.insidePhonemes, depth: frames.count + 1,
            runs: runs.count, blocks: blocks.count)
        switch role {
        case .skipped:
            frames.append(frame)
            return false
        case .lineBreak:
            if parent.isPreformatted { appendText("\n", line: node.line, style: parent.style) } else { flush() }
        case .block(let kind?):
            frame.kind = kind
            frame.kindOwner = frames.count
            if case .listItem = kind { frame.marker = nextMarker(node) }
        default: break
        }
        recordImage(node, name: name, frame: frame)
        if frame.insideLink && !parent.insideLink { outwardLinks += 1 }
        frames.append(frame)
        return true
    }

    /// Turns `frame`, a copy of the parent's, into the frame of `node`.
    private func inherit(_ frame: inout Frame, for node: XMLNode, name: String, role: ContentRules.Role) {
        frame.role = role
        frame.list = nil
        frame.marker = nil
        if case .inline(true) = role { frame.isEmphasized = true }
        if case .silent = role { frame.isSilent = true }
        if name == "pre" { frame.isPreformatted = true }
        if name == "sup" { frame.insideSuperscript = true }
        if name == "a", let href = node.attribute("href"), Self.isOutward(href) { frame.insideLink = true }
        if let language = node.languageAttribute {
            frame.language = language
            frame.runLanguage = Self.sameLanguage(language, bookLanguage) ? nil : language
        }
        if name == "ol" || name == "ul" { frame.listOwner = frames.count }
        if name == "ol" {
            let reversed = node.attribute("reversed") != nil
            let start = Self.number(node.attribute("start")) ?? (reversed ? node.childElements.filter { $0.name == "li" }.count : 1)
            frame.list = (start, reversed ? -1 : 1, node.attribute("type"))
        }
    }

    /// The marker of a new `li` from the nearest enclosing `ol`, advancing
    /// its counter; `nil` in unordered lists.
    private mutating func nextMarker(_ node: XMLNode) -> String? {
        guard let index = frames.last?.listOwner, index < frames.count, var list = frames[index].list
        else { return nil }
        if let value = Self.number(node.attribute("value")) { list.next = value }
        let marker = ListMarker.marker(list.next, type: node.attribute("type") ?? list.type)
        list.next += list.step
        frames[index].list = list
        return marker
    }

    /// An item number from an attribute, kept within ±10⁹ so counting on
    /// from it cannot overflow.
    private static func number(_ attribute: String?) -> Int? {
        attribute.flatMap { Int($0.trimmingASCIIWhitespace()) }.map { min(max($0, -1_000_000_000), 1_000_000_000) }
    }

    private mutating func recordAnchor(_ node: XMLNode, name: String) {
        recordAnchor(id: node.attribute("id"))
        if name == "a" { recordAnchor(id: node.attribute("name")) }
    }

    private mutating func recordAnchor(id: String?) {
        if let id, !id.isEmpty, anchors[id] == nil { anchors[id] = nextPosition() }
    }

    private mutating func recordImage(_ node: XMLNode, name: String, frame: Frame) {
        let source: String?
        switch name {
        case "img": source = node.attribute("src")
        case "image": source = node.attribute("href", namespace: EPUBNamespace.xlink) ?? node.attribute("href")
        default: return
        }
        if let source, let reference = ArchivePath.resolve(source, relativeTo: path) {
            images.append(.init(path: reference.path, position: nextPosition()))
        }
        if speakAltText, !frame.isSilent, name == "img", let alt = node.attribute("alt"), !alt.isEmpty {
            appendText(" \(alt) ", line: node.line, style: frame.runStyle)
        }
    }

    private mutating func nextPosition() -> ChapterContent.Position {
        placesRecorded += 1
        return ChapterContent.Position(block: blocks.count, order: placesRecorded)
    }

    private mutating func appendText(_ text: String, line: Int, style: RunStyle) {
        guard !text.isEmpty else { return }
        if !style.isNote, !openBlockHasBody, Self.hasVisibleText(text) { openBlockHasBody = true }
        if style.insideLink, Self.hasVisibleText(text) { linkedTextBytes += text.utf8.count }
        if let last = runs.indices.last, runs[last].isEmphasized == style.isEmphasized, runs[last].language == style.language,
            !phonemes.startsRun(at: runs.count)
        {
            runs[last].text += text  // in place: a copy of the run would copy its text to grow it
        } else {
            let source = SourceLocation(resource: path, line: line > 0 ? line : nil)
            runs.append(TextRun(text, isEmphasized: style.isEmphasized, language: style.language, source: source))
        }
    }

    /// Ends the current block, dropping it when it holds only whitespace.
    mutating func flush() {
        defer {
            runs.removeAll(keepingCapacity: true)
            openBlockHasBody = false
            phonemes.blockEnded()
        }
        guard runs.contains(where: { Self.hasVisibleText($0.text) }) else { return }
        let top = frames.last ?? Frame(role: .block(kind: nil))
        var kind = top.kind
        if case .listItem = kind, let owner = top.kindOwner, owner < frames.count {
            kind = .listItem(marker: frames[owner].marker)
            frames[owner].marker = nil
        }
        blocks.append(TextBlock(kind, runs: runs, pronunciations: phonemes.takeBlockPronunciations(runs: runs.count),
            isNote: !openBlockHasBody))
    }

    /// Whether `text` holds anything but whitespace, read from its UTF-8 in
    /// place: ASCII by byte (the indentation between elements, the first
    /// letters of any prose), other scalars decoded where they stand.
    static func hasVisibleText(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            var index = 0
            while index < bytes.count {
                let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
                if isVisible(scalar) { return true }
                index += length
            }
            return false
        }
    }

    /// Not white space: ASCII's white space is XML's four (a vertical tab or
    /// form feed counts as text); beyond ASCII, Unicode's.
    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? !isASCIISpace(scalar) : !scalar.properties.isWhitespace
    }

    /// The white space of XML: space, line feed, tab, carriage return.
    private static func isASCIISpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
    }

    /// A link to another document: not a fragment of this one, not the web.
    private static func isOutward(_ href: String) -> Bool {
        !href.hasPrefix("#") && !href.contains("://") && !href.hasPrefix("mailto:")
    }

    /// Same language when equal or one is a more specific form of the other
    /// (`en` and `en-GB`), ignoring case.
    static func sameLanguage(_ tag: String, _ other: String?) -> Bool {
        guard let other else { return false }
        let a = tag.lowercased(), b = other.lowercased()
        return a == b || a.hasPrefix(b + "-") || b.hasPrefix(a + "-")
    }
}
