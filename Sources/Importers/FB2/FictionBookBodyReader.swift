import BookFiles
import TextPrimitives

/// Walks an FB2 `<body>` and gathers its sections as pages: each
/// `<section>` starts a page titled by its `<title>` (nested sections each
/// their own page; a page that holds only titles, such as a part's, runs on
/// into the next and takes the title of the section whose text it holds).
/// Paragraphs, `<subtitle>`s, the lines (`<v>`) of a `<poem>` and table
/// cells are blocks; `<epigraph>` and `<cite>` are block quotes; note
/// references (`<a type="note">`) are not spoken.
///
/// Read as notes (`cutsPages` false), the body is one page and section
/// titles (the note numbers) are read as paragraphs.
struct FictionBookBodyReader: XMLVisitor {
    private struct Frame {
        var name: String
        var isEmphasized = false
        var isSkipped = false
        /// Inside an `<epigraph>` or `<cite>`.
        var isQuoted = false
        /// Inside a section's or the body's own `<title>` (the page title).
        var isPageTitle = false
        /// Inside any `<title>`: its paragraphs are headings.
        var isTitle = false
    }

    /// The sections read, in order.
    private(set) var sections: [DocumentSection] = []
    /// Binary ids of the images the sections show.
    private(set) var imageReferences: [String] = []
    private let cutsPages: Bool
    private var collector: BlockCollector
    private var current = DocumentSection()
    private var frames: [Frame] = []
    private var depth = 0
    private var titleParts: [String] = []
    /// The open page's title came from a section that held only titles:
    /// the next section's title replaces it.
    private var titleIsProvisional = false
    /// The open page holds a block that is not a title (so a new section
    /// starts a new page); kept as a flag, not found by looking back.
    private var pageHasText = false

    init(resource: String?, cutsPages: Bool = true) {
        collector = BlockCollector(resource: resource)
        self.cutsPages = cutsPages
    }

    /// The sections of `body`, the page-title rules applied.
    static func sections(of body: XMLNode, resource: String?, cutsPages: Bool = true)
        -> (sections: [DocumentSection], images: [String])
    {
        var reader = FictionBookBodyReader(resource: resource, cutsPages: cutsPages)
        body.walk(&reader)
        reader.closeSection()
        return (reader.sections, reader.imageReferences)
    }

    private static let blockNames: Set<String> = ["p", "v", "subtitle", "text-author", "td", "th"]

    mutating func enter(_ node: XMLNode) -> Bool {
        let parent = frames.last ?? Frame(name: "")
        switch node.kind {
        case .text, .entityReference:
            if !parent.isSkipped { appendText(node.text, line: node.line, frame: parent) }
            return false
        case .other: return false
        case .element: break
        }
        let frame = enterElement(node, parent: parent)
        frames.append(frame)
        return !frame.isSkipped
    }

    mutating func exit(_ node: XMLNode) {
        guard node.kind == .element, let frame = frames.popLast() else { return }
        if Self.blockNames.contains(frame.name) { closeBlock(frame) }
        switch frame.name {
        case "section" where cutsPages:
            closeSection()
            depth -= 1
        case "title":
            closeBlock(frame)
            if frame.isPageTitle { endTitle() }
        case "epigraph", "cite", "poem", "stanza", "annotation", "tr": closeBlock(frame)
        default: break
        }
    }

    private mutating func enterElement(_ node: XMLNode, parent: Frame) -> Frame {
        let name = node.name
        var frame = parent
        frame.name = name
        if Self.blockNames.contains(name) || name == "empty-line" { closeBlock(parent) }
        switch name {
        case "section" where cutsPages:
            startSection()
            depth += 1
        case "title":
            frame.isTitle = true
            frame.isPageTitle = cutsPages && (parent.name == "section" || parent.name == "body" || frames.isEmpty)
            if frame.isPageTitle { titleParts = [""] }
        case "epigraph", "cite": frame.isQuoted = true
        case "strong", "emphasis": frame.isEmphasized = true
        case "a" where node.attribute("type") == "note": frame.isSkipped = true
        case "image": recordImage(node)
        case "binary", "stylesheet": frame.isSkipped = true
        default: break
        }
        return frame
    }

    private mutating func appendText(_ text: String, line: Int, frame: Frame) {
        collector.append(text, emphasized: frame.isEmphasized, line: line)
        if frame.isPageTitle, !titleParts.isEmpty { titleParts[titleParts.count - 1] += text }
    }

    /// Closes the open block with the kind its place gives it.
    private mutating func closeBlock(_ frame: Frame) {
        if frame.isPageTitle, let last = titleParts.last, !last.isEmpty { titleParts.append("") }
        let kind: TextBlock.Kind =
            if frame.isTitle && cutsPages { .heading(level: min(max(depth, 1), 6)) }
            else if frame.name == "subtitle" { .heading(level: min(depth + 1, 6)) }
            else if frame.isQuoted { .blockQuote }
            else if frame.name == "td" || frame.name == "th" { .tableCell }
            else { .paragraph }
        let count = collector.blocks.count
        collector.flush(as: kind)
        if collector.blocks.count > count, !frame.isTitle { pageHasText = true }
    }

    private mutating func startSection() {
        closeBlock(frames.last ?? Frame(name: ""))
        guard pageHasText else {
            titleIsProvisional = !collector.blocks.isEmpty
            return
        }
        closeSection()
    }

    /// Ends the page being read; the next text starts an untitled one.
    mutating func closeSection() {
        collector.flush(as: .paragraph)
        current.blocks = collector.takeBlocks()
        if cutsPages, current.title == nil { titleFromBoldFirstLine() }
        if !current.blocks.isEmpty { sections.append(current) }
        current = DocumentSection()
        titleIsProvisional = false
        pageHasText = false
    }

    /// A section without a `<title>` whose first paragraph is short and
    /// all bold or italic (calibre writes its chapters' headings so) is
    /// titled by it, and that paragraph is read as a heading.
    private mutating func titleFromBoldFirstLine() {
        guard let first = current.blocks.first, first.kind == .paragraph,
            first.runs.allSatisfy({ $0.isEmphasized || !BlockCollector.hasVisibleText($0.text) })
        else { return }
        let text = first.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !text.isEmpty, text.count <= 100 else { return }
        current.title = text
        current.blocks[0].kind = .heading(level: min(max(depth, 1), 6))
    }

    private mutating func recordImage(_ node: XMLNode) {
        guard let id = FictionBookMetadata.imageReference(node) else { return }
        imageReferences.append(id)
        if current.backgroundImage == nil { current.backgroundImage = id }
    }

    /// Starts and ends a page title: its paragraphs joined make the title of
    /// a page that has none yet.
    private mutating func endTitle() {
        let parts = titleParts.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.filter { !$0.isEmpty }
        titleParts = []
        guard !parts.isEmpty, current.title == nil || titleIsProvisional else { return }
        current.title = Self.joinedTitle(parts)
        titleIsProvisional = false
    }

    /// `Chapter One. The Journey`; no full stop added after one that ends in punctuation.
    static func joinedTitle(_ parts: [String]) -> String {
        guard let first = parts.first else { return "" }
        return parts.dropFirst().reduce(first) { title, part in
            let end = title.last.map { $0.isPunctuation } ?? true
            return title + (end ? " " : ". ") + part
        }
    }
}
