import BookFiles

/// The repair step of a read-along book: what an input that is not valid
/// EPUB 3 needs so that the read-along output is, done on the parsed trees
/// with libxml2 and counted by kind. Text, reading order and what a reader
/// sees stay as they were; a file that needs no repair is not touched.
struct BookRepair {
    /// The new bytes of each repaired file (content documents, the NCX), by archive path.
    private(set) var repaired: [String: [UInt8]] = [:]
    /// What was repaired, package document included.
    private(set) var tally = RepairTally()
    /// CSS that keeps the look of renamed elements and added lists, for narrate's style sheet; empty when none.
    private(set) var styleRules = ""

    /// Repairs the package document in `editor` and reads, repairs and
    /// serialises the book's content documents and NCX.
    init(archive: any Archive, editor: inout PackageEditor) {
        let package = editor.repairPackage()
        tally.add(package.tally)
        let title = editor.title ?? "Untitled"
        var documents: [String: ContentDocumentRepair] = [:]
        for path in editor.contentDocumentPaths where documents[path] == nil {
            guard let bytes = try? archive.read(path), let document = try? ContentDocumentRepair(bytes: bytes, title: title) else {
                continue
            }
            documents[path] = document
        }
        var links = LinkRepair(documents: documents, files: Set(archive.entryPaths), linearSpine: editor.spinePaths(linearOnly: true),
            spine: editor.spinePaths(linearOnly: false), manifest: editor.itemPaths)
        for path in documents.keys.sorted() { links.repairLinks(in: path) }
        if let ncxPath = editor.ncxPath, let bytes = try? archive.read(ncxPath), var ncx = try? NCXRepair(bytes: bytes) {
            ncx.tally.add(links.repairSources(in: ncx.document, at: ncxPath))
            if let identifier = package.identifier { ncx.replaceUID(identifier.old, with: identifier.new) }
            if let identifier = editor.uniqueIdentifier { ncx.addMissingUID(identifier) }
            if ncx.changed { repaired[ncxPath] = ncx.bytes }
            tally.add(ncx.tally)
        }
        for (path, document) in links.documents where document.changed {
            repaired[path] = document.bytes
            tally.add(document.tally)
        }
        let renamed = links.documents.values.reduce(into: Set<String>()) { $0.formUnion($1.renamedElements) }
        if !renamed.isEmpty { styleRules = Self.styleRules(for: renamed, in: editor.styleSheetPaths, of: archive) }
        if tally.counts[.strayListItems] != nil { styleRules += ObsoleteElementStyle.addedListRule }
    }

    /// The book's rules for the renamed elements, style sheet by style sheet in manifest order.
    private static func styleRules(for elements: Set<String>, in paths: [String], of archive: any Archive) -> String {
        paths.compactMap { try? archive.read($0) }.map {
            ObsoleteElementStyle.rules(in: String(decoding: $0, as: UTF8.self), for: elements)
        }.joined()
    }
}
