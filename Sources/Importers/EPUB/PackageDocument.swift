import BookFiles
import BookModel

/// The OPF package document: metadata, manifest and spine.
struct PackageDocument {
    /// A manifest item: one resource of the publication.
    struct Item: Hashable {
        var id: String
        /// Normalised archive path (any `#fragment` in the href dropped).
        var path: String
        var mediaType: String
        var properties: [String]
    }

    /// One spine entry, in reading order.
    struct SpineItem: Hashable {
        var item: Item
        /// `false` for `linear="no"` (notes, answer keys, pop-ups).
        var isLinear: Bool
    }

    var metadata = BookMetadata()
    var manifest: [String: Item] = [:]
    var spine: [SpineItem] = []
    /// The EPUB 3 navigation document, when the manifest names one.
    var navigationPath: String?
    /// The EPUB 2 NCX, from the spine's `toc` attribute or its media type.
    var ncxPath: String?
    /// Problems that do not stop the import (spine entries without items).
    var warnings: [Warning] = []

    /// Parses the package document found at archive path `path`.
    /// - Throws: ``ImportError/malformed(format:location:message:)`` when it is
    ///   not XML or has no `<package>`; ``ImportError/unsupported(_:)`` when the
    ///   spine lists no readable item.
    init(bytes: [UInt8], path: String) throws(ImportError) {
        let document: XMLDocument
        do { document = try XMLDocument.parse(bytes) } catch {
            throw .malformed(format: "package document", location: "\(path):\(error.line ?? 0)", message: error.message)
        }
        guard let package = document.root, package.name == "package" else {
            throw .malformed(format: "package document", location: path, message: "the root element is not <package>")
        }
        readMetadata(package.firstChild(named: "metadata"), uniqueIdentifier: package.attribute("unique-identifier"))
        readManifest(package.firstChild(named: "manifest"), base: path)
        metadata.coverImage = coverPath(metadata: package.firstChild(named: "metadata"))
        readSpine(package.firstChild(named: "spine"), path: path)
        guard !spine.isEmpty else { throw .unsupported("\(path): the spine lists no readable document") }
    }

    /// The metadata alone of a package document that may have no spine
    /// (calibre's `metadata.opf` beside a zipped HTML page); nil when it is
    /// not a package document.
    static func metadata(bytes: [UInt8]) -> BookMetadata? {
        guard let document = try? XMLDocument.parse(bytes), let package = document.root, package.name == "package",
            let element = package.firstChild(named: "metadata")
        else { return nil }
        var reader = MetadataReader(uniqueIdentifier: package.attribute("unique-identifier"))
        element.walk(&reader)
        return reader.metadata
    }

    private mutating func readMetadata(_ element: XMLNode?, uniqueIdentifier: String?) {
        guard let element else { return }
        var reader = MetadataReader(uniqueIdentifier: uniqueIdentifier)
        element.walk(&reader)
        metadata = reader.metadata
    }

    private mutating func readManifest(_ element: XMLNode?, base: String) {
        for node in element?.childElements ?? [] where node.name == "item" {
            guard let id = node.attribute("id"), let href = node.attribute("href"),
                let reference = ArchivePath.resolve(href, relativeTo: base)
            else { continue }
            let properties = (node.attribute("properties") ?? "").split(separator: " ").map(String.init)
            let item = Item(id: id, path: reference.path, mediaType: node.attribute("media-type") ?? "",
                properties: properties)
            if manifest[id] == nil { manifest[id] = item }
            if properties.contains("nav"), navigationPath == nil { navigationPath = item.path }
        }
    }

    /// The EPUB 3 item with `properties="cover-image"`, else the item the
    /// EPUB 2 `<meta name="cover" content="ID">` names, when it is an image.
    private func coverPath(metadata: XMLNode?) -> String? {
        if let item = manifest.values.filter({ $0.properties.contains("cover-image") }).min(by: { $0.id < $1.id }) {
            return item.path
        }
        var finder = CoverMetaFinder()
        metadata?.walk(&finder)
        guard let id = finder.itemID, let item = manifest[id], item.mediaType.hasPrefix("image/") else { return nil }
        return item.path
    }

    private mutating func readSpine(_ element: XMLNode?, path: String) {
        guard let element else {
            warnings.append(Warning("the package has no <spine>", at: path))
            return
        }
        ncxPath = element.attribute("toc").flatMap { manifest[$0]?.path }
            ?? manifest.values.first { $0.mediaType == "application/x-dtbncx+xml" }?.path
        for node in element.childElements where node.name == "itemref" {
            let idref = node.attribute("idref") ?? ""
            guard let item = manifest[idref] else {
                warnings.append(Warning("spine entry \"\(idref)\" is not in the manifest", at: "\(path):\(node.line)"))
                continue
            }
            spine.append(SpineItem(item: item, isLinear: node.attribute("linear")?.trimmingASCIIWhitespace() != "no"))
        }
    }
}

/// Finds the EPUB 2 `<meta name="cover" content="ID">` under `<metadata>`.
private struct CoverMetaFinder: XMLVisitor {
    /// The manifest id of the cover image; nil until found.
    var itemID: String?

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element, itemID == nil else { return false }
        if node.name == "meta", node.attribute("name") == "cover" { itemID = node.attribute("content") }
        return node.name != "meta"
    }

}
