import BookFiles
import Importers

/// Wraps each spoken sentence (or word) of one XHTML content document in a
/// `<span id="…">`, editing the parsed tree: the text, its order and the
/// markup around it are unchanged, only spans are added (and text nodes
/// split where they begin and end).
///
/// A fragment gets one span when its start and end can be brought under
/// one parent: the text node where it starts is lifted to its parent while
/// it is that parent's first child (white space aside) and the parent does
/// not hold the end, and likewise the end; the span then holds that run of
/// siblings, inline elements and all. Otherwise (a sentence that begins
/// inside `<em>` and ends outside it, or one whose run would hold ruby
/// readings or blocks) each text node of the fragment gets its own span, and
/// each span its own clip, cut at the first word that begins in it.
struct FragmentMarker {
    /// A span the marker added, and the first of the document's visible
    /// characters (a ``TextAligner/places`` index) inside it.
    struct Piece: Hashable {
        var id: String
        var firstPlace: Int
        /// The ids of the sections it lies in, outermost first (see ``MediaOverlay/Clip/sections``).
        var sections: [String] = []
    }

    let document: XMLDocument
    private(set) var aligner: TextAligner
    private let nodes: [XMLNode]
    /// The node that now holds the rest of each spoken text node's text, and
    /// the UTF-8 offset in the original text where it starts.
    private var current: [XMLNode]
    private var base: [Int]
    private var ids: Set<String>
    private var counter = 0
    private var sectionCounter = 0
    private let prefix: String
    /// The last place inside a span so far: fragments only move forward.
    private var lastWrapped = -1

    /// - Parameters:
    ///   - prefix: starts every id the marker makes (`narrate-s`).
    ///   - lines: where the line numbers the utterances name are to be found.
    init(document: XMLDocument, prefix: String, reading: ReadingChoices = ReadingChoices(), lines lineSource: LineSource = .document) {
        self.document = document
        self.prefix = prefix
        let root = document.root
        nodes = Self.spokenNodes(of: document, reading: reading)
        current = nodes
        base = Array(repeating: 0, count: nodes.count)
        let lines: [Int]
        switch lineSource {
        case .document: lines = nodes.map(\.line)
        case .original(let source):
            // The same text nodes, or no lines at all.
            let original = Self.spokenNodes(of: source, reading: reading)
            let same = original.count == nodes.count && zip(original, nodes).allSatisfy { $0.textBytes == $1.textBytes }
            lines = same ? original.map(\.line) : []
        case .unknown: lines = []
        }
        aligner = TextAligner(texts: nodes.map(\.textBytes), lines: lines)
        var finder = IDFinder()
        root?.walk(&finder)
        ids = finder.ids
    }

    private static func spokenNodes(of document: XMLDocument, reading: ReadingChoices) -> [XMLNode] {
        let root = document.root
        let body = root?.childElements.first { $0.name == "body" } ?? root
        return body.map { SpokenTextNodes.of($0, readsNotes: reading.readsNotes, readsContents: reading.readsContents) } ?? []
    }

    /// Aligns the next utterance with the document (see ``TextAligner/align(_:)``).
    mutating func alignNext(_ text: String, line: Int? = nil) -> [Int?] { aligner.align(text, line: line) }

    /// Wraps the characters from place `first` through place `last`.
    /// - Returns: the spans made, in order; empty when the fragment is not
    ///   after the last one wrapped.
    mutating func wrap(from first: Int, through last: Int) -> [Piece] {
        guard first > lastWrapped, first <= last, last < aligner.places.count else { return [] }
        lastWrapped = last
        let start = aligner.places[first], end = aligner.places[last]
        let startNode = cut(start.node, at: start.offset, keepingRest: true)
        let endNode = cut(end.node, at: end.offset + end.length, keepingRest: false)
        if let (from, to) = commonRun(startNode, endNode), let span = from.wrap(through: to, inElement: "span") {
            return [name(span, firstPlace: first)]
        }
        var pieces: [Piece] = []
        for index in start.node...end.node {
            let node = index == start.node ? startNode : index == end.node ? endNode : current[index]
            guard let place = index == start.node ? first : aligner.places[first...last].firstIndex(where: { $0.node == index }),
                let target = Self.wrappable(node), let span = target.wrap(through: target, inElement: "span")
            else { continue }
            pieces.append(name(span, firstPlace: place))
        }
        return pieces
    }

    /// Splits spoken text node `index` at UTF-8 `offset` of its original
    /// text. Returns the part that starts there (`keepingRest`) or the part
    /// that ends there; the part after the cut becomes the node's rest.
    private mutating func cut(_ index: Int, at offset: Int, keepingRest: Bool) -> XMLNode {
        let node = current[index]
        let tail = node.splitText(atUTF8: offset - base[index])
        if let tail {
            current[index] = tail
            base[index] = offset
            return keepingRest ? tail : node
        }
        return node
    }

    private mutating func name(_ span: XMLNode, firstPlace: Int) -> Piece {
        var id: String
        repeat {
            counter += 1
            id = prefix + String(counter)
        } while ids.contains(id)
        ids.insert(id)
        span.setAttribute("id", id)
        return Piece(id: id, firstPlace: firstPlace, sections: sections(around: span))
    }

    /// The ids of the sectioning elements around `node`, outermost first;
    /// one without an id is given one (`narrate-section1`…).
    private mutating func sections(around node: XMLNode) -> [String] {
        var found: [String] = []
        var ancestor = node.parent
        while let element = ancestor, element.name != "body" {
            if Self.sectioning.contains(element.name) {
                if let id = element.attribute("id"), !id.isEmpty {
                    found.append(id)
                } else {
                    var id: String
                    repeat {
                        sectionCounter += 1
                        id = "narrate-section" + String(sectionCounter)
                    } while ids.contains(id)
                    ids.insert(id)
                    element.setAttribute("id", id)
                    found.append(id)
                }
            }
            ancestor = element.parent
        }
        return found.reversed()
    }

    /// The elements a media overlay's `<seq>` follows (HTML's sectioning content, less `<nav>`).
    private static let sectioning: Set<String> = ["section", "article", "aside"]

    /// The run of siblings that holds exactly `start` through `end`, when
    /// one span may hold it.
    private func commonRun(_ start: XMLNode, _ end: XMLNode) -> (XMLNode, XMLNode)? {
        var from = start
        while let parent = from.parent, !Self.contains(parent, end), Self.isFirst(from) { from = parent }
        var to = end
        while let parent = to.parent, !Self.contains(parent, from), Self.isLast(to) { to = parent }
        // Text-only elements (`<time>` without `datetime`) are wrapped whole.
        while let parent = from.parent, parent.isSame(as: to.parent ?? from), Self.textOnly.contains(parent.name),
            Self.isFirst(from), Self.isLast(to)
        {
            from = parent
            to = parent
        }
        guard let a = from.parent, let b = to.parent, a.isSame(as: b), !Self.refusedParents.contains(a.name) else { return nil }
        var node: XMLNode? = from
        while let current = node {
            if current.kind == .element, Self.refused.contains(current.name) { return nil }
            if current.isSame(as: to) { return (from, to) }
            node = current.nextSibling
        }
        return nil
    }

    /// Elements a `<span>` may not hold (or sit in): flow content, ruby
    /// readings, table and list structure.
    private static let refused: Set<String> = [
        "p", "div", "section", "article", "aside", "header", "footer", "nav", "main", "blockquote", "pre", "figure",
        "figcaption", "ul", "ol", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "td", "th",
        "caption", "h1", "h2", "h3", "h4", "h5", "h6", "hgroup", "hr", "address", "details", "summary", "form",
        "fieldset", "legend", "rt", "rp", "rtc", "rb", "html", "head", "colgroup", "col", "optgroup", "option", "select",
        "math", "svg",
    ]

    /// A text node to wrap by itself, or its text-only parent when it is all
    /// of that parent's text; nil when neither may be wrapped.
    private static func wrappable(_ node: XMLNode) -> XMLNode? {
        guard let parent = node.parent else { return node }
        if refusedParents.contains(parent.name) { return nil }
        guard textOnly.contains(parent.name) else { return node }
        return isFirst(node) && isLast(node) && !refusedParents.contains(parent.parent?.name ?? "") ? parent : nil
    }

    /// Elements that may hold only text, so no span inside them:
    /// `<time>` (without `datetime` its text is the date), and the like.
    private static let textOnly: Set<String> = ["time", "title", "textarea", "option", "script", "style"]

    /// Elements whose children a `<span>` may not be.
    private static let refusedParents: Set<String> = [
        "ul", "ol", "dl", "table", "thead", "tbody", "tfoot", "tr", "colgroup", "html", "head", "select", "optgroup",
        "hgroup", "math", "svg", "time", "title", "textarea", "option", "script", "style",
    ]

    private static func contains(_ ancestor: XMLNode, _ node: XMLNode) -> Bool {
        var current: XMLNode? = node
        while let candidate = current {
            if candidate.isSame(as: ancestor) { return true }
            current = candidate.parent
        }
        return false
    }

    private static func isFirst(_ node: XMLNode) -> Bool {
        var sibling = node.previousSibling
        while let current = sibling {
            guard isBlank(current) else { return false }
            sibling = current.previousSibling
        }
        return true
    }

    private static func isLast(_ node: XMLNode) -> Bool {
        var sibling = node.nextSibling
        while let current = sibling {
            guard isBlank(current) else { return false }
            sibling = current.nextSibling
        }
        return true
    }

    private static func isBlank(_ node: XMLNode) -> Bool {
        switch node.kind {
        case .text: node.textBytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
        case .other: true
        default: false
        }
    }
}

extension FragmentMarker {
    /// Where the source lines of the utterances (``TimedUtterance/line``) are.
    enum LineSource {
        /// The document marked is the one the importer read.
        case document
        /// It is a repaired copy, serialised anew so its lines moved; the
        /// original's text nodes have them.
        case original(XMLDocument)
        /// Nowhere (the original is not XML the importer read as such).
        case unknown
    }
}

/// Every `id` in a document.
private struct IDFinder: XMLVisitor {
    var ids: Set<String> = []

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        if let id = node.attribute("id") { ids.insert(id) }
        if let id = node.attribute("id", namespace: "http://www.w3.org/XML/1998/namespace") { ids.insert(id) }
        return true
    }
}
