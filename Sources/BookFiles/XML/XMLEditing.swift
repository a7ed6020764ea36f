import CLibXML2

/// Changing a parsed document in place: splitting text nodes, wrapping
/// runs of siblings in a new element, setting attributes, adding elements,
/// and writing the tree back out. Nodes are linked by hand, never through
/// libxml2's `xmlAddNextSibling`/`xmlAddChild`, which merge adjacent text
/// nodes and would change the nodes a caller holds.
extension XMLDocument {
    /// Parses well-formed XML for editing (no HTML fallback, and no compact
    /// text nodes, which libxml2 cannot modify).
    /// - Throws: ``XMLError`` when the bytes are not well-formed XML.
    package static func parseForEditing(_ bytes: [UInt8]) throws(XMLError) -> XMLDocument {
        XMLSafety.install()
        switch parseXML(bytes, options: editingOptions) {
        case .success(let handle): return XMLDocument(handle: handle, recoveredError: nil)
        case .failure(let error): throw error
        }
    }

    /// The document as UTF-8 XML, with an XML declaration, its document
    /// type and every node as parsed or edited; empty elements as `<x/>`.
    package func serialized() -> [UInt8] {
        guard let buffer = xmlBufferCreate() else { return [] }
        defer { xmlBufferFree(buffer) }
        guard let context = xmlSaveToBuffer(buffer, "UTF-8", Int32(XML_SAVE_NO_XHTML.rawValue | XML_SAVE_AS_XML.rawValue))
        else { return [] }
        xmlSaveDoc(context, handle)
        xmlSaveClose(context)
        guard let content = xmlBufferContent(buffer) else { return [] }
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }

    /// Replaces the document type declaration (an XHTML 1.1 DTD, say) with
    /// HTML5's `<!DOCTYPE html>`.
    package func useHTML5DocumentType() {
        if let subset = xmlGetIntSubset(handle) {
            xmlUnlinkNode(UnsafeMutableRawPointer(subset).assumingMemoryBound(to: xmlNode.self))
            xmlFreeDtd(subset)
        }
        _ = xmlCreateIntSubset(handle, "html", nil, nil)
    }

    /// The public identifier of the document type (`-//W3C//DTD XHTML 1.1//EN`); nil without one.
    package var documentTypePublicID: String? {
        xmlGetIntSubset(handle)?.pointee.ExternalID.map { String(cString: $0) }
    }

    private static let editingOptions = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue)
}

extension XMLNode {
    package var previousSibling: XMLNode? { pointer.pointee.prev.map { XMLNode(document: document, pointer: $0) } }
    package var lastChild: XMLNode? { pointer.pointee.last.map { XMLNode(document: document, pointer: $0) } }

    /// The UTF-8 bytes of a text node (not expanding anything); empty for others.
    package var textBytes: [UInt8] {
        guard pointer.pointee.type == XML_TEXT_NODE, let content = pointer.pointee.content else { return [] }
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
    }

    /// Cuts a text node in two at a UTF-8 offset: this node keeps the bytes
    /// before it, a new text node right after it gets the rest.
    /// - Returns: the new node; nil when this is not a text node or the
    ///   offset is not strictly inside it.
    package func splitText(atUTF8 offset: Int) -> XMLNode? {
        let bytes = textBytes
        guard offset > 0, offset < bytes.count else { return nil }
        let tail = bytes[offset...].withUnsafeBufferPointer { xmlNewDocTextLen(pointer.pointee.doc, $0.baseAddress, Int32($0.count)) }
        guard let tail else { return nil }
        bytes.withUnsafeBufferPointer { xmlNodeSetContentLen(pointer, $0.baseAddress, Int32(offset)) }
        Self.link(tail, after: pointer)
        return XMLNode(document: document, pointer: tail)
    }

    /// Puts this node and its following siblings up to `last` inside a new
    /// element `name` (in this node's parent's namespace), where they stood.
    /// - Returns: the new element; nil when `last` is not this node or a
    ///   following sibling, or there is no parent.
    package func wrap(through last: XMLNode, inElement name: String) -> XMLNode? {
        guard let parent = pointer.pointee.parent else { return nil }
        var run: [xmlNodePtr] = []
        var node: xmlNodePtr? = pointer
        while let current = node {
            run.append(current)
            if current == last.pointer { break }
            node = current.pointee.next
        }
        guard run.last == last.pointer,
            let element = xmlNewDocNode(pointer.pointee.doc, parent.pointee.ns, name, nil)
        else { return nil }
        if let previous = pointer.pointee.prev { Self.link(element, after: previous) } else { Self.linkFirst(element, in: parent) }
        for child in run {
            xmlUnlinkNode(child)
            Self.append(child, to: element)
        }
        return XMLNode(document: document, pointer: element)
    }

    /// Sets an attribute without a namespace, replacing any value it had.
    package func setAttribute(_ name: String, _ value: String) {
        guard pointer.pointee.type == XML_ELEMENT_NODE else { return }
        xmlSetProp(pointer, name, value)
    }

    /// Removes an attribute with this local name and namespace URI (nil: none).
    package func removeAttribute(_ name: String, namespace: String? = nil) {
        guard pointer.pointee.type == XML_ELEMENT_NODE else { return }
        if let namespace {
            var attribute = pointer.pointee.properties
            while let current = attribute {
                attribute = current.pointee.next
                guard let attributeName = current.pointee.name, String(cString: attributeName) == name,
                    let href = current.pointee.ns?.pointee.href, String(cString: href) == namespace
                else { continue }
                xmlRemoveProp(current)
            }
        } else {
            xmlUnsetProp(pointer, name)
        }
    }

    /// The names of the attributes in a namespace, as `(local name, namespace URI)`.
    package var namespacedAttributes: [(name: String, namespace: String)] {
        guard pointer.pointee.type == XML_ELEMENT_NODE else { return [] }
        var result: [(String, String)] = []
        var attribute = pointer.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            if let name = current.pointee.name, let href = current.pointee.ns?.pointee.href {
                result.append((String(cString: name), String(cString: href)))
            }
        }
        return result
    }

    /// Adds a new last child element `name` in this element's namespace,
    /// holding `text` (as characters, never markup) when given.
    @discardableResult
    package func appendElement(_ name: String, text: String? = nil, attributes: [(String, String)] = []) -> XMLNode? {
        guard pointer.pointee.type == XML_ELEMENT_NODE,
            let element = xmlNewDocNode(pointer.pointee.doc, pointer.pointee.ns, name, nil)
        else { return nil }
        Self.append(element, to: pointer)
        let node = XMLNode(document: document, pointer: element)
        for (attribute, value) in attributes { node.setAttribute(attribute, value) }
        if let text { node.appendText(text) }
        return node
    }

    /// Adds a text node as the last child.
    package func appendText(_ text: String) {
        guard let node = xmlNewDocText(pointer.pointee.doc, text) else { return }
        Self.append(node, to: pointer)
    }

    /// Takes the node out of its document and frees it.
    package func remove() {
        xmlUnlinkNode(pointer)
        xmlFreeNode(pointer)
    }

    private static func link(_ node: xmlNodePtr, after previous: xmlNodePtr) {
        node.pointee.parent = previous.pointee.parent
        node.pointee.prev = previous
        node.pointee.next = previous.pointee.next
        if let next = previous.pointee.next { next.pointee.prev = node } else { previous.pointee.parent?.pointee.last = node }
        previous.pointee.next = node
    }

    private static func linkFirst(_ node: xmlNodePtr, in parent: xmlNodePtr) {
        node.pointee.parent = parent
        node.pointee.prev = nil
        node.pointee.next = parent.pointee.children
        if let first = parent.pointee.children { first.pointee.prev = node } else { parent.pointee.last = node }
        parent.pointee.children = node
    }

    private static func append(_ node: xmlNodePtr, to parent: xmlNodePtr) {
        if let last = parent.pointee.last { link(node, after: last) } else { linkFirst(node, in: parent) }
    }
}

extension XMLDocument {
    /// Parses XML that is not well-formed with libxml2's recovery: the tree
    /// it makes of what it can read (an unfinished tag becomes an empty
    /// element of the name it got to, the rest stays text).
    /// - Throws: ``XMLError`` when not even a recovered tree with a root came out.
    package static func parseRecovering(_ bytes: [UInt8]) throws(XMLError) -> XMLDocument {
        XMLSafety.install()
        guard bytes.count < Int32.max, let context = xmlNewParserCtxt() else { throw XMLError(line: nil, message: "document too large") }
        defer { xmlFreeParserCtxt(context) }
        let errors = XMLSafety.FirstError()
        XMLSafety.capture(context, into: errors)
        let options = editingOptions | Int32(XML_PARSE_RECOVER.rawValue)
        let handle = withExtendedLifetime(errors) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    xmlCtxtReadMemory(context, $0.baseAddress, Int32(bytes.count), nil, nil, options)
                }
            }
        }
        guard let handle else { throw XMLSafety.firstError(errors, context: context) }
        let document = XMLDocument(handle: handle, recoveredError: XMLSafety.firstError(errors, context: context))
        guard document.root != nil else { throw XMLSafety.firstError(errors, context: context) }
        return document
    }
}

extension XMLDocument {
    /// Parses a document that is not XML with libxml2's HTML parser (as
    /// ``parse(_:htmlFallback:)`` falls back to) and makes the tree XHTML
    /// for editing and ``serialized()``: every element in the XHTML
    /// namespace (the `xmlns` the HTML parser kept as an attribute dropped),
    /// `<!DOCTYPE html>`.
    /// - Throws: ``XMLError`` when not even the HTML parser made a tree with a root.
    package static func parseHTMLForEditing(_ bytes: [UInt8]) throws(XMLError) -> XMLDocument {
        XMLSafety.install()
        guard let handle = parseHTML(HTMLFallbackInput.prepare(bytes))?.document else {
            throw XMLError(line: nil, message: "not readable as HTML")
        }
        let document = XMLDocument(handle: handle, recoveredError: nil)
        guard let root = xmlDocGetRootElement(handle), let namespace = xmlNewNs(root, "http://www.w3.org/1999/xhtml", nil) else {
            throw XMLError(line: nil, message: "no root element")
        }
        // The HTML parser keeps an XML declaration as a processing instruction `xml`.
        var child = handle.pointee.children
        while let node = child {
            child = node.pointee.next
            if node.pointee.type == XML_PI_NODE, let name = node.pointee.name, String(cString: name) == "xml" {
                xmlUnlinkNode(node)
                xmlFreeNode(node)
            }
        }
        var setter = NamespaceSetter(namespace: namespace)
        XMLNode(document: document, pointer: root).walk(&setter)
        document.useHTML5DocumentType()
        return document
    }
}

/// Puts every element without a namespace in one, and drops `xmlns` attributes.
private struct NamespaceSetter: XMLVisitor {
    let namespace: xmlNsPtr

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        if node.pointer.pointee.ns == nil { xmlSetNs(node.pointer, namespace) }
        xmlUnsetProp(node.pointer, "xmlns")
        return true
    }
}

extension XMLNode {
    /// Gives an element another local name, keeping its namespace, attributes and children.
    package func rename(to name: String) {
        guard pointer.pointee.type == XML_ELEMENT_NODE else { return }
        xmlNodeSetName(pointer, name)
    }

    /// Puts the element's children where it stood and removes it.
    package func unwrap() {
        guard pointer.pointee.type == XML_ELEMENT_NODE else { return }
        var previous = pointer
        while let child = pointer.pointee.children {
            xmlUnlinkNode(child)
            Self.link(child, after: previous)
            previous = child
        }
        remove()
    }

    /// Moves this node to stand right before `other` (a node of the same document).
    package func move(before other: XMLNode) {
        guard pointer != other.pointer else { return }
        xmlUnlinkNode(pointer)
        if let previous = other.pointer.pointee.prev {
            Self.link(pointer, after: previous)
        } else if let parent = other.pointer.pointee.parent {
            Self.linkFirst(pointer, in: parent)
        }
    }

    /// Moves this node to stand right after `other` (a node of the same document).
    package func move(after other: XMLNode) {
        guard pointer != other.pointer else { return }
        xmlUnlinkNode(pointer)
        Self.link(pointer, after: other.pointer)
    }

    /// Replaces the element's children with one text node holding `text` (as characters, never markup).
    package func replaceChildren(withText text: String) {
        guard pointer.pointee.type == XML_ELEMENT_NODE else { return }
        while let child = pointer.pointee.children {
            xmlUnlinkNode(child)
            xmlFreeNode(child)
        }
        appendText(text)
    }

    /// Adds a text node right before this node.
    package func insertTextBefore(_ text: String) {
        guard let node = xmlNewDocText(pointer.pointee.doc, text) else { return }
        if let previous = pointer.pointee.prev {
            Self.link(node, after: previous)
        } else if let parent = pointer.pointee.parent {
            Self.linkFirst(node, in: parent)
        }
    }

    /// Adds a new last child element `name` in the namespace `href`
    /// (declared with `prefix` on the new element unless already in scope), holding `text`.
    @discardableResult
    package func appendElement(_ name: String, namespace href: String, prefix: String, text: String) -> XMLNode? {
        guard pointer.pointee.type == XML_ELEMENT_NODE, let element = xmlNewDocNode(pointer.pointee.doc, nil, name, nil) else {
            return nil
        }
        Self.append(element, to: pointer)
        xmlSetNs(element, xmlSearchNsByHref(pointer.pointee.doc, element, href) ?? xmlNewNs(element, href, prefix))
        let node = XMLNode(document: document, pointer: element)
        node.appendText(text)
        return node
    }

    /// Adds a new element `name` (in this element's namespace) as the first child.
    @discardableResult
    package func prependElement(_ name: String, text: String) -> XMLNode? {
        guard pointer.pointee.type == XML_ELEMENT_NODE,
            let element = xmlNewDocNode(pointer.pointee.doc, pointer.pointee.ns, name, nil)
        else { return nil }
        Self.linkFirst(element, in: pointer)
        let node = XMLNode(document: document, pointer: element)
        node.appendText(text)
        return node
    }

    /// The names of the attributes without a namespace.
    package var plainAttributeNames: [String] {
        guard pointer.pointee.type == XML_ELEMENT_NODE else { return [] }
        var result: [String] = []
        var attribute = pointer.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            if current.pointee.ns == nil, let name = current.pointee.name { result.append(String(cString: name)) }
        }
        return result
    }
}
