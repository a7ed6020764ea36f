import BookFiles

/// Links inside the book made to reach something: a link to a file missing
/// its folder is pointed at the one file of that name, found as the
/// importer finds it (``SameNameTargets``: the linear spine first, then the
/// spine, then the manifest), and kept as text without `href` when there is
/// none, or several; a link to a
/// `#fragment` its document lacks reaches the `<a name>` anchor of that
/// name (given it as id) or else the document itself.
struct LinkRepair {
    /// The book's content documents, parsed and repaired, by archive path; anchors get ids here.
    private(set) var documents: [String: ContentDocumentRepair]
    /// Every entry of the archive.
    private let files: Set<String>
    /// Where a link to a missing file is pointed (`index.xhtml` → `OEBPS/text/index.xhtml`).
    private let targets: SameNameTargets

    /// - Parameters:
    ///   - spine: the spine's documents, in reading order; `linearSpine` those read in it.
    ///   - manifest: every manifest item's path.
    init(documents: [String: ContentDocumentRepair], files: Set<String>, linearSpine: [String], spine: [String], manifest: [String]) {
        self.documents = documents
        self.files = files
        targets = SameNameTargets(preferring: [linearSpine, spine, manifest].map { $0.filter(files.contains) })
    }

    /// Repairs the `<a href>` links of a content document.
    mutating func repairLinks(in path: String) {
        guard let root = documents[path]?.document.root else { return }
        var finder = References(element: "a", attribute: "href")
        root.walk(&finder)
        var tally = RepairTally()
        for link in finder.found { repair(link, attribute: "href", in: path, removable: true, tally: &tally) }
        documents[path]?.tally.add(tally)
    }

    /// Repairs the `<content src>` references of the NCX at `path`; an NCX
    /// reference must stay, so one to a file nowhere in the book is left.
    mutating func repairSources(in ncx: XMLDocument, at path: String) -> RepairTally {
        guard let root = ncx.root else { return RepairTally() }
        var finder = References(element: "content", attribute: "src")
        root.walk(&finder)
        var tally = RepairTally()
        for content in finder.found { repair(content, attribute: "src", in: path, removable: false, tally: &tally) }
        return tally
    }

    private mutating func repair(_ element: XMLNode, attribute: String, in base: String, removable: Bool, tally: inout RepairTally) {
        guard let href = element.attribute(attribute), var reference = ArchivePath.resolve(href, relativeTo: base) else { return }
        if !files.contains(reference.path) {
            guard let target = targets.target(for: reference.path) else {
                if removable {
                    element.removeAttribute(attribute)
                    tally.add(.linksToMissingFiles)
                }
                return
            }
            reference.path = target
            let fragment = href.firstIndex(of: "#").map { String(href[$0...]) } ?? ""
            element.setAttribute(attribute, RelativePath.href(to: target, from: base) + fragment)
            tally.add(.relocatedLinks)
        }
        guard let fragment = reference.fragment, let ids = documents[reference.path]?.ids, !ids.contains(fragment),
            documents[reference.path]?.anchorID(fragment) != true
        else { return }
        element.setAttribute(attribute, RelativePath.href(to: reference.path, from: base))
        tally.add(.linksToMissingFragments)
    }
}

/// The elements of one name that carry a reference attribute.
private struct References: XMLVisitor {
    let element: String
    let attribute: String
    var found: [XMLNode] = []

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        if node.name == element, node.attribute(attribute) != nil { found.append(node) }
        return true
    }
}
