import BookFiles
import TextPrimitives

/// Walks WordprocessingML (a document's `<w:body>`, or one footnote) and
/// gathers its paragraphs as blocks: the text of `<w:t>` only (deleted
/// text, field codes and hidden runs are not read), bold and italic runs
/// as emphasis, a line break as the end of a block (the lines of verse are
/// kept), images by their relationship, note references by the block that
/// cites them.
struct WordBodyReader: XMLVisitor {
    private struct Frame {
        var name: String
        var kind: TextBlock.Kind = .paragraph
        var isEmphasized = false
        var isSkipped = false
        var inTableCell = false
        /// Inside a hyperlink to a place in the document (a contents entry).
        var isLinked = false
    }

    /// A note reference: `footnote` or `endnote`, its id, the block citing it.
    struct NoteReference {
        /// An `<w:endnoteReference>`; false for a footnote.
        var isEndnote: Bool
        /// The note's `w:id` in the footnotes or endnotes part.
        var id: String
        /// Index of the block that cites it.
        var block: Int
    }

    private(set) var collector: BlockCollector
    private(set) var images: [HeadingSections.Image] = []
    private(set) var references: [NoteReference] = []
    private let styles: WordStyles
    private let relationships: WordRelationships
    private var frames: [Frame] = []

    init(resource: String, styles: WordStyles, relationships: WordRelationships) {
        collector = BlockCollector(resource: resource)
        self.styles = styles
        self.relationships = relationships
    }

    /// Elements whose content is never read: deleted text, field codes,
    /// properties, the fallback copy of alternate content, comments.
    private static let skipped: Set<String> = [
        "del", "delText", "instrText", "pPr", "rPr", "sdtPr", "Fallback", "commentReference", "annotationRef",
        "footnoteRef", "endnoteRef", "sectPr", "tblPr", "trPr", "tcPr",
    ]

    mutating func enter(_ node: XMLNode) -> Bool {
        let parent = frames.last ?? Frame(name: "")
        switch node.kind {
        case .text:
            if parent.name == "t", !parent.isSkipped {
                collector.append(node.text, emphasized: parent.isEmphasized, linked: parent.isLinked)
            }
            return false
        case .entityReference, .other: return false
        case .element: break
        }
        var frame = parent
        frame.name = node.name
        enterElement(node, frame: &frame, parent: parent)
        frames.append(frame)
        return !frame.isSkipped
    }

    mutating func exit(_ node: XMLNode) {
        guard node.kind == .element, let frame = frames.popLast() else { return }
        if frame.name == "p" { flush(frame) }
    }

    private mutating func enterElement(_ node: XMLNode, frame: inout Frame, parent: Frame) {
        if Self.skipped.contains(frame.name) { frame.isSkipped = true }
        switch frame.name {
        case "p":
            flush(parent)
            frame.kind = paragraphKind(node, inTableCell: parent.inTableCell)
        case "r": readRunProperties(node, into: &frame)
        case "tab": if !parent.isSkipped { collector.append("\t", emphasized: parent.isEmphasized) }
        case "noBreakHyphen": if !parent.isSkipped { collector.append("-", emphasized: parent.isEmphasized) }
        case "br", "cr": flush(parent)
        case "tc": frame.inTableCell = true
        case "hyperlink": if WordNamespace.attribute("anchor", of: node) != nil { frame.isLinked = true }
        case "footnoteReference", "endnoteReference": recordReference(node, isEndnote: frame.name == "endnoteReference")
        case "blip", "svgBlip", "imagedata": recordImage(node)
        default: break
        }
    }

    private func paragraphKind(_ node: XMLNode, inTableCell: Bool) -> TextBlock.Kind {
        let properties = node.firstChild(named: "pPr")
        let style = properties?.firstChild(named: "pStyle").flatMap { WordNamespace.attribute("val", of: $0) }
        let level = properties.flatMap(WordStyles.outlineLevel)
        let kind = styles.kind(of: style, outlineLevel: level, isListItem: properties?.firstChild(named: "numPr") != nil)
        return kind == .paragraph && inTableCell ? .tableCell : kind
    }

    /// Bold or italic (directly, or by a character style named for it) is
    /// emphasis; a hidden run (`w:vanish`) is not read.
    private func readRunProperties(_ run: XMLNode, into frame: inout Frame) {
        guard let properties = run.firstChild(named: "rPr") else { return }
        for property in properties.childElements {
            switch property.name {
            case "b", "i": if WordNamespace.isOn(property) { frame.isEmphasized = true }
            case "vanish", "specVanish": if WordNamespace.isOn(property) { frame.isSkipped = true }
            case "rStyle":
                let name = (WordNamespace.attribute("val", of: property) ?? "").lowercased()
                if name.contains("emphasis") || name.contains("strong") { frame.isEmphasized = true }
            default: break
            }
        }
    }

    private mutating func recordReference(_ node: XMLNode, isEndnote: Bool) {
        guard let id = WordNamespace.attribute("id", of: node) else { return }
        references.append(NoteReference(isEndnote: isEndnote, id: id, block: collector.blocks.count))
    }

    /// `<a:blip r:embed>` (DrawingML) or `<v:imagedata r:id>` (VML); an
    /// SVG's PNG fallback and the SVG itself both count, the first kept.
    private mutating func recordImage(_ node: XMLNode) {
        let id = WordNamespace.relationship("embed", of: node) ?? WordNamespace.relationship("id", of: node)
        guard let id, let path = relationships.targets[id] else { return }
        let block = collector.blocks.count
        if images.last?.block != block || images.last?.name != path { images.append(.init(name: path, block: block)) }
    }

    /// Closes the open paragraph as the kind of the paragraph it is in.
    private mutating func flush(_ frame: Frame) {
        let paragraph = frames.last { $0.name == "p" }
        collector.flush(as: frame.name == "p" ? frame.kind : paragraph?.kind ?? .paragraph)
    }

    /// The blocks read so far, handed over.
    mutating func takeBlocks() -> [TextBlock] {
        collector.takeBlocks()
    }

    /// The blocks read so far with their linked bytes and images, handed over.
    mutating func takeContent() -> OfficeContent {
        let linked = collector.linkedBytes
        return OfficeContent(blocks: collector.takeBlocks(), linkedBytes: linked, images: images)
    }
}
