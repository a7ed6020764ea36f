import BookFiles
import TextPrimitives

/// Walks an OpenDocument text's `<office:text>` (or one note's body) and
/// gathers its paragraphs as blocks: `<text:h>` headings at their outline
/// level, paragraphs by their style, list items, table cells; spaces and
/// tabs as written (`<text:s text:c="3"/>`), a line break as the end of a
/// block. Notes are kept apart with the block that cites them; tracked
/// deletions, annotations and generated indexes are not read.
struct OpenDocumentBodyReader: XMLVisitor {
    private struct Frame {
        var name: String
        var kind: TextBlock.Kind = .paragraph
        var isEmphasized = false
        var isSkipped = false
        var inTableCell = false
        var inListItem = false
        /// Inside a link to a place in the document (a contents entry).
        var isLinked = false
    }

    /// A note and the block that cites it.
    struct Note {
        /// `text:note-class="endnote"`; false for a footnote.
        var isEndnote: Bool
        /// The `<text:note-body>`, read only when notes are.
        var body: XMLNode
        /// Index of the block that cites it.
        var block: Int
    }

    static let text = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
    static let xlink = "http://www.w3.org/1999/xlink"

    private(set) var collector: BlockCollector
    private(set) var images: [HeadingSections.Image] = []
    private(set) var notes: [Note] = []
    private let styles: OpenDocumentStyles
    private var frames: [Frame] = []

    init(resource: String, styles: OpenDocumentStyles) {
        collector = BlockCollector(resource: resource)
        self.styles = styles
    }

    private static let skipped: Set<String> = [
        "tracked-changes", "annotation", "note-citation", "sequence-decls", "forms", "table-of-content",
        "illustration-index", "table-index", "object-index", "user-index", "alphabetical-index", "bibliography",
        "title", "desc",
    ]

    mutating func enter(_ node: XMLNode) -> Bool {
        let parent = frames.last ?? Frame(name: "")
        switch node.kind {
        case .text:
            if !parent.isSkipped {
                collector.append(node.text, emphasized: parent.isEmphasized, line: node.line, linked: parent.isLinked)
            }
            return false
        case .entityReference, .other: return false
        case .element: break
        }
        var frame = parent
        frame.name = node.name
        if Self.skipped.contains(frame.name) { frame.isSkipped = true }
        enterElement(node, frame: &frame, parent: parent)
        frames.append(frame)
        return !frame.isSkipped
    }

    mutating func exit(_ node: XMLNode) {
        guard node.kind == .element, let frame = frames.popLast() else { return }
        if frame.name == "p" || frame.name == "h" { collector.flush(as: frame.kind) }
    }

    private mutating func enterElement(_ node: XMLNode, frame: inout Frame, parent: Frame) {
        switch frame.name {
        case "p", "h":
            collector.flush(as: parent.kind)
            frame.kind = paragraphKind(node, parent: parent)
        case "span", "a":
            if styles.isEmphasized(node.attribute("style-name", namespace: Self.text)) { frame.isEmphasized = true }
            if frame.name == "a", node.attribute("href", namespace: Self.xlink)?.hasPrefix("#") == true { frame.isLinked = true }
        case "s": appendSpaces(node, frame: parent)
        case "tab": if !parent.isSkipped { collector.append("\t", emphasized: parent.isEmphasized) }
        case "line-break": collector.flush(as: parent.kind)
        case "table-cell": frame.inTableCell = true
        case "list-item", "list-header": frame.inListItem = true
        case "note":
            frame.isSkipped = true
            recordNote(node)
        case "image": recordImage(node)
        default: break
        }
    }

    private func paragraphKind(_ node: XMLNode, parent: Frame) -> TextBlock.Kind {
        if node.name == "h" {
            let level = node.attribute("outline-level", namespace: Self.text).flatMap { Int($0) } ?? 1
            return .heading(level: min(max(level, 1), 6))
        }
        if let kind = styles.kind(ofParagraph: node.attribute("style-name", namespace: Self.text)) { return kind }
        if parent.inListItem { return .listItem(marker: nil) }
        return parent.inTableCell ? .tableCell : .paragraph
    }

    /// `<text:s text:c="N"/>`: N spaces (at most 1,000).
    private mutating func appendSpaces(_ node: XMLNode, frame: Frame) {
        guard !frame.isSkipped else { return }
        let count = node.attribute("c", namespace: Self.text).flatMap { Int($0) } ?? 1
        collector.append(String(repeating: " ", count: min(max(count, 1), 1000)), emphasized: frame.isEmphasized)
    }

    private mutating func recordNote(_ node: XMLNode) {
        guard let body = node.firstChild(named: "note-body") else { return }
        let isEndnote = node.attribute("note-class", namespace: Self.text) == "endnote"
        notes.append(Note(isEndnote: isEndnote, body: body, block: collector.blocks.count))
    }

    /// An image inside the package (`Pictures/1.png`); linked files are not.
    private mutating func recordImage(_ node: XMLNode) {
        guard let href = node.attribute("href", namespace: Self.xlink),
            let path = ArchivePath.resolve(href, relativeTo: "content.xml")?.path
        else { return }
        images.append(.init(name: path, block: collector.blocks.count))
    }

    /// The blocks read so far, handed over.
    mutating func takeBlocks() -> [TextBlock] {
        collector.flush(as: .paragraph)
        return collector.takeBlocks()
    }

    /// The blocks read so far with their linked bytes and images, handed over.
    mutating func takeContent() -> OfficeContent {
        collector.flush(as: .paragraph)
        let linked = collector.linkedBytes
        return OfficeContent(blocks: collector.takeBlocks(), linkedBytes: linked, images: images)
    }
}
