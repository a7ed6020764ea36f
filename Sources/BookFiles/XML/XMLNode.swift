import BookModel
import CLibXML2

/// A node of an ``XMLDocument``: a cursor into libxml2's tree that keeps the
/// document alive. Element and attribute names are local names; namespace
/// URIs are separate.
package struct XMLNode {
    /// What a node is, as far as readers of books care.
    package enum Kind {
        case element, text, entityReference, other
    }

    package let document: XMLDocument
    let pointer: xmlNodePtr

    package init(document: XMLDocument, pointer: xmlNodePtr) {
        self.document = document
        self.pointer = pointer
    }

    package var kind: Kind {
        switch pointer.pointee.type {
        case XML_ELEMENT_NODE: .element
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: .text
        case XML_ENTITY_REF_NODE: .entityReference
        default: .other
        }
    }

    /// The element's local name (`p`, `navPoint`); empty for other nodes.
    package var name: String {
        guard kind == .element, let name = pointer.pointee.name else { return "" }
        return String(fastCString: name)
    }

    /// The element's namespace URI; `nil` when it has none (always so for
    /// documents read by the HTML parser).
    package var namespace: String? {
        pointer.pointee.ns?.pointee.href.map { String(cString: $0) }
    }

    /// 1-based line where the node starts in its document.
    package var line: Int { Int(xmlGetLineNo(pointer)) }

    package var firstChild: XMLNode? { pointer.pointee.children.map { XMLNode(document: document, pointer: $0) } }
    package var nextSibling: XMLNode? { pointer.pointee.next.map { XMLNode(document: document, pointer: $0) } }
    package var parent: XMLNode? {
        guard let parent = pointer.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return XMLNode(document: document, pointer: parent)
    }

    /// Whether two cursors point at the same node.
    package func isSame(as other: XMLNode) -> Bool { pointer == other.pointer }

    /// A text node's characters; for an entity reference, the replacement
    /// text when it is short and flat (see ``safeEntityText``); otherwise "".
    package var text: String {
        switch kind {
        case .text: pointer.pointee.content.map { String(fastCString: $0) } ?? ""
        case .entityReference: safeEntityText ?? ""
        default: ""
        }
    }

    /// Internal entities are expanded only when their text is at most 64
    /// bytes and refers to nothing else, so no blow-up is possible.
    private var safeEntityText: String? {
        guard let name = pointer.pointee.name, let entity = xmlGetDocEntity(pointer.pointee.doc, name),
            entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY, let content = entity.pointee.content,
            entity.pointee.length <= 64
        else { return nil }
        let text = String(cString: content)
        return text.contains("&") || text.contains("<") ? nil : text
    }

    /// The value of the attribute with this local name and namespace URI
    /// (`nil` namespace: an attribute without one); `nil` for nodes that are
    /// not elements. Entity references in the value are dropped.
    package func attribute(_ localName: String, namespace: String? = nil) -> String? {
        // Only elements have attributes; a short text node keeps its
        // characters where `properties` would be (XML_PARSE_COMPACT).
        guard pointer.pointee.type == XML_ELEMENT_NODE else { return nil }
        var attribute = pointer.pointee.properties
        while let current = attribute {
            defer { attribute = current.pointee.next }
            guard let cName = current.pointee.name, Self.equal(cName, localName) else { continue }
            let attributeNamespace = current.pointee.ns?.pointee.href
            switch (attributeNamespace, namespace) {
            case (nil, nil): break
            case (let actual?, let wanted?) where Self.equal(actual, wanted): break
            default: continue
            }
            return Self.joinedText(current.pointee.children, document: document)
        }
        return nil
    }

    /// Compares a libxml2 string with a Swift one without allocating.
    private static func equal(_ cString: UnsafePointer<xmlChar>, _ string: String) -> Bool {
        return string.withUTF8Bytes { utf8 in
            for (index, byte) in utf8.enumerated() where cString[index] != byte { return false }
            return cString[utf8.count] == 0
        }
    }

    /// The element's child elements, in order.
    package var childElements: [XMLNode] {
        var result: [XMLNode] = []
        var child = firstChild
        while let current = child {
            if current.kind == .element { result.append(current) }
            child = current.nextSibling
        }
        return result
    }

    /// The first child element with this local name.
    package func firstChild(named localName: String) -> XMLNode? {
        childElements.first { $0.name == localName }
    }

    /// All text under the node in document order, walked without recursion
    /// (see ``walk(_:)``), at most `limit` characters.
    package func textContent(limit: Int = 1 << 20) -> String {
        var collector = TextCollector(limit: limit)
        walk(&collector)
        return collector.text
    }

    private static func joinedText(_ first: xmlNodePtr?, document: XMLDocument) -> String {
        var text = ""
        var node = first
        while let current = node {
            text += XMLNode(document: document, pointer: current).text
            node = current.pointee.next
        }
        return text
    }
}

/// Gathers the text of a subtree up to a limit.
private struct TextCollector: XMLVisitor {
    let limit: Int
    var text = ""

    mutating func enter(_ node: XMLNode) -> Bool {
        if node.kind != .element, text.utf8.count < limit { text += node.text }
        return node.kind == .element && text.utf8.count < limit
    }
}
