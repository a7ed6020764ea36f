import BookFiles
import Glibc

/// Edits the OPF package document of a book made read-along: the overlays,
/// their audio and the style sheet join the manifest, each narrated content
/// document names its overlay, durations and the active class join the
/// metadata, and an EPUB 2 package becomes EPUB 3 (version 3.0,
/// `dcterms:modified`, a navigation document; its NCX stays). Media
/// overlays the book had are dropped: narrate's replace them.
struct PackageEditor {
    private let document: XMLDocument
    let package: XMLNode
    private let path: String
    private var ids: Set<String> = []
    /// The package's version before editing (`2.0`, `3.0`).
    let originalVersion: String
    /// SMIL documents the book had, now out of the manifest (archive paths).
    private(set) var droppedOverlays: [String] = []

    static let namespace = "http://www.idpf.org/2007/opf"

    /// - Throws: ``ReadAlongError`` when the package is not XML or not a `<package>`.
    init(bytes: [UInt8], path: String) throws(ReadAlongError) {
        do { document = try XMLDocument.parseForEditing(bytes) } catch {
            throw .malformed(path: path, message: "\(error.message) (line \(error.line ?? 0))")
        }
        guard let root = document.root, root.name == "package" else {
            throw .malformed(path: path, message: "the root element is not <package>")
        }
        package = root
        self.path = path
        originalVersion = root.attribute("version") ?? ""
        var finder = PackageIDs()
        root.walk(&finder)
        ids = finder.ids
    }

    var isEPUB2: Bool { !originalVersion.hasPrefix("3") }

    var metadata: XMLNode? { package.firstChild(named: "metadata") }
    private var manifest: XMLNode? { package.firstChild(named: "manifest") }
    var manifestItems: [XMLNode] { manifest?.childElements.filter { $0.name == "item" } ?? [] }

    /// Manifest item paths by id, resolved against the package's folder.
    func itemPath(_ item: XMLNode) -> String? {
        item.attribute("href").flatMap { ArchivePath.resolve($0, relativeTo: path)?.path }
    }

    /// Removes manifest items that list a file again with a `#fragment`
    /// (some EPUB 2 converters list a document once per section: ids like
    /// `ch1.xhtml#o8`, which are not XML names, and a spine that reads the
    /// document again and again), and the spine entries that name them.
    mutating func dropFragmentItems() {
        let whole = Set(manifestItems.filter { !($0.attribute("href") ?? "").contains("#") }.compactMap(itemPath))
        var dropped: Set<String> = []
        for item in manifestItems where (item.attribute("href") ?? "").contains("#") {
            guard let itemPath = itemPath(item), whole.contains(itemPath) else { continue }
            if let id = item.attribute("id") { dropped.insert(id) }
            item.remove()
        }
        guard !dropped.isEmpty, let spine = package.firstChild(named: "spine") else { return }
        for itemref in spine.childElements where itemref.name == "itemref" && dropped.contains(itemref.attribute("idref") ?? "") {
            itemref.remove()
        }
    }

    /// Removes the book's own overlays (SMIL items, `media-overlay`, `media:` metadata).
    mutating func dropOverlays() {
        for item in manifestItems {
            item.removeAttribute("media-overlay")
            if item.attribute("media-type") == "application/smil+xml" {
                if let itemPath = itemPath(item) { droppedOverlays.append(itemPath) }
                item.remove()
            }
        }
        for meta in metadata?.childElements ?? [] where meta.name == "meta" {
            if meta.attribute("property")?.hasPrefix("media:") == true { meta.remove() }
        }
    }

    /// Makes an EPUB 2 package EPUB 3: version 3.0, and the `opf:`
    /// attributes EPUB 3 no longer has turned into refining metadata
    /// (`opf:role` → `role`, `opf:file-as` → `file-as`; `opf:scheme` and
    /// `opf:event`, which EPUB 3 says differently or not at all, dropped).
    mutating func upgrade() {
        guard isEPUB2 else { return }
        package.setAttribute("version", "3.0")
        var walker = OPFAttributeStripper()
        metadata?.walk(&walker)
        for (element, name, value) in walker.removed where name == "role" || name == "file-as" {
            var id = element.attribute("id") ?? ""
            if id.isEmpty {
                id = uniqueID("narrate-" + element.name)
                element.setAttribute("id", id)
            }
            if name == "role" {
                addMeta(property: "role", value: value, refines: id, scheme: "marc:relators")
            } else {
                addMeta(property: "file-as", value: value, refines: id)
            }
        }
    }

    /// Adds a manifest item and returns its new id.
    @discardableResult
    mutating func addItem(path itemPath: String, mediaType: String, properties: String? = nil, idStem: String) -> String {
        let id = uniqueID(idStem)
        var attributes = [("id", id), ("href", RelativePath.href(to: itemPath, from: path)), ("media-type", mediaType)]
        if let properties { attributes.append(("properties", properties)) }
        manifest?.appendText("  ")
        manifest?.appendElement("item", attributes: attributes)
        manifest?.appendText("\n  ")
        return id
    }

    /// Ties the manifest item of `contentPath` to the overlay item
    /// `overlayID`: the item whose href has no fragment, else the first
    /// (some EPUB 2 books list a file once per `#fragment`).
    func setOverlay(of contentPath: String, to overlayID: String) {
        let items = manifestItems.filter { itemPath($0) == contentPath }
        let item = items.first { !($0.attribute("href") ?? "").contains("#") } ?? items.first
        item?.setAttribute("media-overlay", overlayID)
    }

    /// Removes audio items whose file the book does not have (the audio of
    /// overlays it had, once those are dropped).
    func dropMissingAudio(in archive: any Archive) {
        for item in manifestItems where (item.attribute("media-type") ?? "").hasPrefix("audio/") {
            if let itemPath = itemPath(item), !archive.contains(itemPath) { item.remove() }
        }
    }

    /// Removes metadata that refines an element no longer in the package
    /// (the rights and licence of a dropped overlay's audio, say): a
    /// `refines` must name an id the package has.
    func dropOrphanRefinements() {
        let children = metadata?.childElements ?? []
        var ids = Set(manifestItems.compactMap { $0.attribute("id") })
        ids.formUnion(children.compactMap { $0.attribute("id") })
        for itemref in package.firstChild(named: "spine")?.childElements ?? [] {
            if let id = itemref.attribute("id") { ids.insert(id) }
        }
        for element in children {
            guard let refines = element.attribute("refines"), refines.hasPrefix("#"),
                !ids.contains(String(refines.dropFirst()))
            else { continue }
            element.remove()
        }
    }

    /// Adds `<meta property="…">` (refining `refines`, when given).
    func addMeta(property: String, value: String, refines: String? = nil, scheme: String? = nil) {
        var attributes = [("property", property)]
        if let refines { attributes.append(("refines", "#" + refines)) }
        if let scheme { attributes.append(("scheme", scheme)) }
        metadata?.appendText("  ")
        metadata?.appendElement("meta", text: value, attributes: attributes)
        metadata?.appendText("\n  ")
    }

    /// Sets `dcterms:modified` to `date` (`2026-12-01T20:00:00Z`), replacing the one there was.
    func setModified(_ date: String) {
        for meta in metadata?.childElements ?? [] where meta.name == "meta" && meta.attribute("property") == "dcterms:modified" {
            meta.remove()
        }
        addMeta(property: "dcterms:modified", value: date)
    }

    /// The archive path of the NCX, when the package has one.
    var ncxPath: String? {
        let spineID = package.firstChild(named: "spine")?.attribute("toc")
        let item = manifestItems.first { spineID != nil && $0.attribute("id") == spineID }
            ?? manifestItems.first { $0.attribute("media-type") == "application/x-dtbncx+xml" }
        return item.flatMap(itemPath)
    }

    /// Whether a manifest item is the EPUB 3 navigation document.
    var hasNavigation: Bool {
        manifestItems.contains { ($0.attribute("properties") ?? "").split(separator: " ").contains("nav") }
    }

    var bytes: [UInt8] { document.serialized() }

    mutating func uniqueID(_ stem: String) -> String {
        var id = stem
        var number = 1
        while ids.contains(id) {
            number += 1
            id = stem + "-" + String(number)
        }
        ids.insert(id)
        return id
    }

    /// Now, as `dcterms:modified` wants it.
    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}

/// Every `id` in the package document.
private struct PackageIDs: XMLVisitor {
    var ids: Set<String> = []

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        if let id = node.attribute("id") { ids.insert(id) }
        return true
    }
}

/// Drops the `opf:` attributes (role, file-as, scheme, event) of EPUB 2
/// metadata, noting each with its element and value.
private struct OPFAttributeStripper: XMLVisitor {
    var removed: [(element: XMLNode, name: String, value: String)] = []

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        for (name, namespace) in node.namespacedAttributes where namespace == PackageEditor.namespace {
            removed.append((node, name, node.attribute(name, namespace: namespace) ?? ""))
            node.removeAttribute(name, namespace: namespace)
        }
        return true
    }
}

extension PackageEditor {
    /// The archive path of the first spine item.
    var firstSpinePath: String? {
        guard let idref = package.firstChild(named: "spine")?.firstChild(named: "itemref")?.attribute("idref"),
            let item = manifestItems.first(where: { $0.attribute("id") == idref })
        else { return nil }
        return itemPath(item)
    }
}
