import BookFiles
import BookModel

/// Finds the package document: the first rootfile of
/// `META-INF/container.xml`, or failing that the only `.opf` in the archive.
enum PackageLocator {
    static let containerPath = "META-INF/container.xml"

    /// The package document's archive path, and a warning when it was found
    /// without the container's help.
    static func locate(in archive: some Archive) throws(ImportError) -> (path: String, warning: Warning?) {
        let named = rootfile(in: archive)
        if let named, archive.contains(named) { return (named, nil) }
        // What is wrong with the container: it names a file the zip lacks, or none.
        let problem = named.map { "\(containerPath) names \($0), which is not in the book" }
            ?? "\(containerPath) is missing or names no package document"
        let candidates = archive.entryPaths.filter { $0.lowercased().hasSuffix(".opf") }
        guard candidates.count == 1, let only = candidates.first else {
            let found = candidates.isEmpty ? "there is none" : "there are \(candidates.count)"
            throw .unsupported("not an EPUB: \(problem), and no single .opf file stands in (\(found))")
        }
        return (only, Warning("\(problem); using \(only)"))
    }

    private static func rootfile(in archive: some Archive) -> String? {
        guard archive.contains(containerPath), let bytes = try? archive.read(containerPath),
            let root = try? XMLDocument.parse(bytes).root
        else { return nil }
        var finder = RootfileFinder()
        root.walk(&finder)
        return finder.path
    }
}

/// The first `<rootfile>` whose media type is a package document.
private struct RootfileFinder: XMLVisitor {
    var path: String?

    mutating func enter(_ node: XMLNode) -> Bool {
        guard path == nil, node.kind == .element else { return false }
        guard node.name == "rootfile" else { return true }
        let mediaType = node.attribute("media-type") ?? "application/oebps-package+xml"
        if mediaType == "application/oebps-package+xml", let href = node.attribute("full-path") {
            path = ArchivePath.resolve(href, relativeTo: "container")?.path
        }
        return false
    }
}
