import BookFiles

/// The package document's repairs, and what the other repairs need to know of it.
extension PackageEditor {
    /// Makes the package's `unique-identifier` name a `<dc:identifier>`
    /// whose `urn:uuid:` value, if any, is a UUID, and takes package
    /// attributes off `<metadata>` (where some EPUB 2 converters write them).
    /// - Returns: the repairs, and the unique identifier's value before and
    ///   after when it changed (for the NCX's `dtb:uid`).
    mutating func repairPackage() -> (tally: RepairTally, identifier: (old: String, new: String)?) {
        var tally = RepairTally()
        if let metadata {
            for name in metadata.plainAttributeNames where !["dir", "id"].contains(name) {
                metadata.removeAttribute(name)
                tally.add(.misplacedPackageAttributes)
            }
        }
        if repairUniqueIdentifier() { tally.add(.uniqueIdentifier) }
        let identifier = dropFalseUUIDMark()
        if identifier != nil { tally.add(.invalidUUID) }
        return (tally, identifier)
    }

    /// The value of the `<dc:identifier>` the package's `unique-identifier` names, whitespace trimmed.
    var uniqueIdentifier: String? {
        let named = package.attribute("unique-identifier")
        return metadata?.childElements.first {
            $0.name == "identifier" && $0.namespace == Self.dublinCore && named != nil && $0.attribute("id") == named
        }?.textContent(limit: 1_000).trimmingASCIIWhitespace()
    }

    /// A unique identifier `urn:uuid:X` where X is not a UUID (EPUBCheck
    /// warns) becomes `X`: the same identifier without the false claim.
    private func dropFalseUUIDMark() -> (old: String, new: String)? {
        let named = package.attribute("unique-identifier")
        guard let identifier = metadata?.childElements.first(where: {
            $0.name == "identifier" && $0.namespace == Self.dublinCore && $0.attribute("id") == named
        }) else { return nil }
        let value = identifier.textContent(limit: 1_000).trimmingASCIIWhitespace()
        guard value.hasPrefix("urn:uuid:"), !Self.isUUID(value.dropFirst(9)), value.count > 9 else { return nil }
        let bare = String(value.dropFirst(9))
        identifier.replaceChildren(withText: bare)
        return (value, bare)
    }

    /// `8-4-4-4-12` hexadecimal digits.
    static func isUUID(_ text: Substring) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// Points a `unique-identifier` that names no `<dc:identifier>` at the
    /// identifier with an id (a `urn:uuid:` one first), else gives the
    /// first identifier the id named, else adds an identifier with it.
    /// - Returns: whether anything changed.
    private mutating func repairUniqueIdentifier() -> Bool {
        let identifiers = metadata?.childElements.filter { $0.name == "identifier" && $0.namespace == Self.dublinCore } ?? []
        let named = package.attribute("unique-identifier") ?? ""
        guard !identifiers.contains(where: { !named.isEmpty && $0.attribute("id") == named }) else { return false }
        let withID = identifiers.filter { $0.attribute("id") != nil }
        if let chosen = withID.first(where: { $0.textContent(limit: 100).hasPrefix("urn:uuid:") }) ?? withID.first,
            let id = chosen.attribute("id")
        {
            package.setAttribute("unique-identifier", id)
        } else if let first = identifiers.first {
            let id = uniqueID(ContentDocumentRepair.isName(named) ? named : "narrate-identifier")
            first.setAttribute("id", id)
            package.setAttribute("unique-identifier", id)
        } else {
            let id = uniqueID(ContentDocumentRepair.isName(named) ? named : "narrate-identifier")
            metadata?.appendText("  ")
            let identifier = metadata?.appendElement("identifier", namespace: Self.dublinCore, prefix: "dc", text: "urn:narrate:" + RelativePath.escaped(title ?? "untitled"))
            identifier?.setAttribute("id", id)
            metadata?.appendText("\n  ")
            package.setAttribute("unique-identifier", id)
        }
        return true
    }

    static let dublinCore = "http://purl.org/dc/elements/1.1/"

    /// The book's first `<dc:title>`.
    var title: String? {
        metadata?.childElements.first { $0.name == "title" && $0.namespace == Self.dublinCore }?.textContent(limit: 1_000)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The archive paths of every manifest item.
    var itemPaths: [String] { manifestItems.compactMap(itemPath) }

    /// The archive paths of the spine's items in reading order; with
    /// `linearOnly`, only those not marked `linear="no"`.
    func spinePaths(linearOnly: Bool) -> [String] {
        let items = Dictionary(manifestItems.compactMap { item in item.attribute("id").map { ($0, item) } }) { first, _ in first }
        return (package.firstChild(named: "spine")?.childElements ?? []).filter { itemref in
            itemref.name == "itemref" && !(linearOnly && itemref.attribute("linear") == "no")
        }.compactMap { itemref in itemref.attribute("idref").flatMap { items[$0] }.flatMap(itemPath) }
    }

    /// The archive paths of the manifest's CSS style sheets.
    var styleSheetPaths: [String] {
        manifestItems.filter { $0.attribute("media-type") == "text/css" }.compactMap(itemPath)
    }

    /// The archive paths of the manifest's XHTML documents, each once, in manifest order.
    var contentDocumentPaths: [String] {
        var seen: Set<String> = []
        return manifestItems.filter { $0.attribute("media-type") == "application/xhtml+xml" }.compactMap(itemPath).filter {
            seen.insert($0).inserted
        }
    }
}
