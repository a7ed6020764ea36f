import BookFiles

/// The repairs an NCX needs that need nothing but the NCX: ids made
/// unique (nothing refers to an NCX's ids from outside) and markup inside
/// `<text>` labels, which may hold only text, taken out with its text kept.
struct NCXRepair {
    let document: XMLDocument
    var tally = RepairTally()
    /// Whether `dtb:uid` was changed to follow the package's identifier.
    private var uidChanged = false

    /// - Throws: ``XMLError`` when the NCX is not well-formed XML.
    init(bytes: [UInt8]) throws(XMLError) {
        document = try XMLDocument.parseForEditing(bytes)
        guard let root = document.root else { return }
        var survey = NCXSurvey()
        root.walk(&survey)
        for element in survey.inLabels.reversed() { element.unwrap() }
        tally.add(.markupInNCXText, survey.inLabels.count)
        tally.add(.duplicateIDs, UniqueIDs.makeUnique(survey.withID).renamed)
        let foreign = root.firstChild(named: "head")?.childElements.filter { !["meta", "smilCustomTest"].contains($0.name) } ?? []
        for element in foreign { element.remove() }
        tally.add(.foreignNCXHead, foreign.count)
    }

    /// Sets `dtb:uid` to `identifier` where it was `old` (the package's unique identifier, repaired).
    mutating func replaceUID(_ old: String, with identifier: String) {
        let metas = document.root?.firstChild(named: "head")?.childElements ?? []
        for meta in metas where meta.name == "meta" && meta.attribute("name") == "dtb:uid" && meta.attribute("content") == old {
            meta.setAttribute("content", identifier)
            uidChanged = true
        }
    }

    /// Gives an NCX without `dtb:uid` (its `<head>` then lacks the `<meta>`
    /// it must hold) the package's unique identifier.
    mutating func addMissingUID(_ identifier: String) {
        guard let root = document.root else { return }
        let head = root.firstChild(named: "head") ?? root.prependElement("head", text: "")
        guard let head, !head.childElements.contains(where: { $0.name == "meta" && $0.attribute("name") == "dtb:uid" }) else { return }
        head.appendElement("meta", attributes: [("name", "dtb:uid"), ("content", identifier)])
        tally.add(.missingNCXUID)
    }

    var changed: Bool { !tally.isEmpty || uidChanged }

    var bytes: [UInt8] { document.serialized() }
}

/// Elements with an id, and elements inside `<text>`.
private struct NCXSurvey: XMLVisitor {
    var withID: [XMLNode] = []
    var inLabels: [XMLNode] = []
    private var textDepth = 0

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        if textDepth > 0 { inLabels.append(node) }
        if node.name == "text" { textDepth += 1 }
        if node.attribute("id") != nil { withID.append(node) }
        return true
    }

    mutating func exit(_ node: XMLNode) {
        if node.kind == .element, node.name == "text" { textDepth -= 1 }
    }
}
