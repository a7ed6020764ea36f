import BookFiles

/// The text nodes of a content document that the importer speaks, in
/// document order: the same ``ContentRules`` as ``ContentReader`` (skipped
/// and silent elements, bare note markers), without building blocks. The
/// read-along writer aligns each utterance with these nodes to wrap it in
/// the document, so the import itself records nothing extra.
package struct SpokenTextNodes: XMLVisitor {
    /// The spoken text nodes, in order.
    package private(set) var nodes: [XMLNode] = []
    private let readsNotes: Bool
    private let readsContents: Bool
    /// Per open element: whether its text is spoken, and whether it is inside `<sup>`.
    private var frames: [(speaks: Bool, insideSuperscript: Bool)] = []

    /// The spoken text nodes under `root`.
    package static func of(_ root: XMLNode, readsNotes: Bool = false, readsContents: Bool = false) -> [XMLNode] {
        var visitor = SpokenTextNodes(readsNotes: readsNotes, readsContents: readsContents)
        root.walk(&visitor)
        return visitor.nodes
    }

    private init(readsNotes: Bool, readsContents: Bool) {
        self.readsNotes = readsNotes
        self.readsContents = readsContents
    }

    package mutating func enter(_ node: XMLNode) -> Bool {
        let parent = frames.last ?? (speaks: true, insideSuperscript: false)
        switch node.kind {
        case .text:
            if parent.speaks { nodes.append(node) }
            return false
        case .entityReference, .other: return false
        case .element: break
        }
        let name = node.name
        var role = ContentRules.role(of: node, name: name, readsNotes: readsNotes, readsContents: readsContents)
        if ContentRules.isBareNoteMarker(node, name: name, insideSuperscript: parent.insideSuperscript) { role = .skipped }
        var speaks = parent.speaks
        switch role {
        case .skipped:
            frames.append((false, parent.insideSuperscript))
            return false
        case .silent: speaks = false
        default: break
        }
        frames.append((speaks, parent.insideSuperscript || name == "sup"))
        return true
    }

    package mutating func exit(_ node: XMLNode) {
        if node.kind == .element { frames.removeLast() }
    }
}
