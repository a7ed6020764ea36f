import BookFiles

/// The repairs one XHTML content document needs to be valid EPUB 3 that
/// need nothing but the document itself: reading it when it is not
/// well-formed, obsolete element names, list items outside a list,
/// duplicate ids, a missing `<title>`. Text, order and attributes stay;
/// links are ``LinkRepair``'s.
struct ContentDocumentRepair {
    /// The parsed (and repaired) document.
    let document: XMLDocument
    /// What was repaired in it.
    var tally = RepairTally()
    /// Every id in the document, after repair.
    private(set) var ids: Set<String> = []
    /// `<a name="…">` elements without an id, by name: where a link to a missing `#fragment` may have meant.
    private(set) var namedAnchors: [String: XMLNode] = [:]
    /// The obsolete elements renamed in this document (`tt`).
    private(set) var renamedElements: Set<String> = []

    /// Elements EPUB 3 (HTML5) no longer has, and the name that keeps their meaning and attributes.
    static let renamed = ["tt": "code", "acronym": "abbr", "strike": "s"]
    /// Elements a list item may stand in.
    static let listParents: Set = ["ul", "ol", "menu"]

    /// - Parameter title: the `<title>` for a head without one (the book's title).
    /// - Throws: ``XMLError`` when libxml2 cannot make a tree of it even in recovery mode.
    init(bytes: [UInt8], title: String) throws(XMLError) {
        if let parsed = try? XMLDocument.parseForEditing(bytes) {
            document = parsed
        } else if let recovered = Self.recover(bytes) {
            document = recovered
            tally.add(.recoveredDocuments)
        } else {
            document = try XMLDocument.parseHTMLForEditing(bytes)
            tally.add(.htmlDocuments)
        }
        guard let root = document.root else { return }
        var survey = Survey()
        root.walk(&survey)
        for element in survey.obsolete { rename(element) }
        wrapStrayListItems(survey.listItems)
        moveOutOfParagraphs(survey.rulesInParagraphs)
        let unique = UniqueIDs.makeUnique(survey.withID)
        ids = unique.ids
        tally.add(.duplicateIDs, unique.renamed)
        addTitle(title, root: root)
        for anchor in survey.named {
            if let name = anchor.attribute("name"), !ids.contains(name), namedAnchors[name] == nil { namedAnchors[name] = anchor }
        }
    }

    /// `<tt class="x">` → `<code class="x narrate-tt">`: the class keeps the look the book gave `tt`
    /// (see ``ObsoleteElementStyle``).
    private mutating func rename(_ element: XMLNode) {
        let name = element.name
        guard let html5 = Self.renamed[name] else { return }
        element.rename(to: html5)
        let classes = (element.attribute("class") ?? "").split(whereSeparator: \.isWhitespace) + [Substring(ObsoleteElementStyle.className(for: name))]
        element.setAttribute("class", classes.joined(separator: " "))
        renamedElements.insert(name)
        tally.add(.obsoleteElements)
    }

    /// Whether anything was repaired, so that the document must be written anew.
    var changed: Bool { !tally.isEmpty }

    var bytes: [UInt8] { document.serialized() }

    /// Gives the `<a name>` anchor called `fragment` that id, when it has
    /// none and the name is a valid one no element has.
    /// - Returns: whether the fragment now exists.
    mutating func anchorID(_ fragment: String) -> Bool {
        guard let anchor = namedAnchors[fragment], Self.isName(fragment), !ids.contains(fragment) else { return false }
        anchor.setAttribute("id", fragment)
        ids.insert(fragment)
        namedAnchors[fragment] = nil
        tally.add(.namedAnchors)
        return true
    }

    /// The document as libxml2's recovery reads it, unfinished tags
    /// restored; nil when that loses text the importer reads.
    private static func recover(_ bytes: [UInt8]) -> XMLDocument? {
        guard let document = try? XMLDocument.parseRecovering(bytes) else { return nil }
        restoreUnfinishedTags(in: document)
        return keepsText(document, of: bytes) ? document : nil
    }

    /// libxml2's recovery turns `<user@example.org>` in text into an empty
    /// element `user`, and keeps `@example.org>` as text: such an element,
    /// not an HTML one, is turned back into the text it was (`<user`).
    private static func restoreUnfinishedTags(in document: XMLDocument) {
        guard let root = document.root else { return }
        var finder = UnknownElements()
        root.walk(&finder)
        for element in finder.found {
            element.insertTextBefore("<" + element.name)
            element.unwrap()
        }
    }

    /// libxml2's recovery drops every entity reference after the first
    /// error (`&nbsp;` without a DTD, even `&amp;`): a recovered tree is
    /// used only when it holds all the text the importer reads (the HTML
    /// parser's), in order, white space aside; else the HTML parser's tree is.
    private static func keepsText(_ recovered: XMLDocument, of bytes: [UInt8]) -> Bool {
        let read = (try? XMLDocument.parse(bytes, htmlFallback: true))?.root?.textContent() ?? ""
        var kept = (recovered.root?.textContent() ?? "").unicodeScalars.filter { !$0.properties.isWhitespace }.makeIterator()
        for scalar in read.unicodeScalars where !scalar.properties.isWhitespace {
            while true {
                guard let next = kept.next() else { return false }
                if next == scalar { break }
            }
        }
        return true
    }

    /// Puts each run of `<li>` siblings outside a list (white space between
    /// them) in a `<ul class="narrate-list">`, which narrate's style sheet
    /// gives no margin or padding, so the items stand where they stood.
    private mutating func wrapStrayListItems(_ items: [XMLNode]) {
        var index = 0
        while index < items.count {
            var last = items[index]
            var next = index + 1
            while next < items.count, Self.followsAcrossWhiteSpace(items[next], last) {
                last = items[next]
                next += 1
            }
            if let list = items[index].wrap(through: last, inElement: "ul") {
                list.setAttribute("class", ObsoleteElementStyle.addedListClass)
                tally.add(.strayListItems, next - index)
            }
            index = next
        }
    }

    /// Moves an `<hr>` that a `<p>` holds before the paragraph when only
    /// white space precedes it there, after it when only white space and
    /// `<br>` follow (as an HTML parser reads it); else it stays.
    private mutating func moveOutOfParagraphs(_ rules: [XMLNode]) {
        for rule in rules {
            guard let paragraph = rule.parent else { continue }
            if Self.siblings(of: rule, forward: false).allSatisfy(Self.isBlank) {
                rule.move(before: paragraph)
            } else if Self.siblings(of: rule, forward: true).allSatisfy({ Self.isBlank($0) || $0.name == "br" }) {
                rule.move(after: paragraph)
            } else {
                continue
            }
            tally.add(.blocksInParagraphs)
        }
    }

    private static func siblings(of node: XMLNode, forward: Bool) -> [XMLNode] {
        var result: [XMLNode] = []
        var sibling = forward ? node.nextSibling : node.previousSibling
        while let current = sibling {
            result.append(current)
            sibling = forward ? current.nextSibling : current.previousSibling
        }
        return result
    }

    private static func isBlank(_ node: XMLNode) -> Bool {
        node.kind == .other || (node.kind == .text && node.text.allSatisfy(\.isWhitespace))
    }

    /// Whether `node` is the next element sibling of `previous`, with only white space between.
    private static func followsAcrossWhiteSpace(_ node: XMLNode, _ previous: XMLNode) -> Bool {
        var sibling = previous.nextSibling
        while let current = sibling {
            if current.isSame(as: node) { return true }
            guard current.kind == .text, current.text.allSatisfy(\.isWhitespace) else { return false }
            sibling = current.nextSibling
        }
        return false
    }

    private mutating func addTitle(_ title: String, root: XMLNode) {
        guard let head = root.firstChild(named: "head"), head.firstChild(named: "title") == nil else { return }
        head.prependElement("title", text: title)
        tally.add(.missingTitles)
    }

    /// An XML name without a colon (what an `id` must be).
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.".unicodeScalars.contains($0) }
    }
}

/// The elements of a content document that repairs look at.
private struct Survey: XMLVisitor {
    var obsolete: [XMLNode] = []
    var listItems: [XMLNode] = []
    var withID: [XMLNode] = []
    var named: [XMLNode] = []
    var rulesInParagraphs: [XMLNode] = []

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        let name = node.name
        if ContentDocumentRepair.renamed[name] != nil { obsolete.append(node) }
        if name == "li", !ContentDocumentRepair.listParents.contains(node.parent?.name ?? "") { listItems.append(node) }
        if node.attribute("id") != nil { withID.append(node) }
        if name == "hr", node.parent?.name == "p" { rulesInParagraphs.append(node) }
        if name == "a", node.attribute("id") == nil, node.attribute("name") != nil { named.append(node) }
        return true
    }
}

/// Elements whose name is not HTML's, SVG's or MathML's root (in a recovered document).
private struct UnknownElements: XMLVisitor {
    var found: [XMLNode] = []

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        if node.name == "svg" || node.name == "math" { return false }
        let html = node.namespace == nil || node.namespace == "http://www.w3.org/1999/xhtml"
        if html, !HTMLElements.names.contains(node.name) { found.append(node) }
        return true
    }
}
