import BookFiles
import BookModel
import Foundation

/// A folder of HTML pages read as one book (a saved site, a converter's
/// split output): its `.html`, `.htm` and `.xhtml` files in the order an
/// `index.html` at the top links them (the index first, then pages it does
/// not link), else in natural order (`ch2` before `ch10`). Each page starts
/// a new page of the book and is cut at its headings as a single page is;
/// the metadata is the first page's (the index's when there is one).
enum HTMLFolder {
    /// The book the pages of `archive` make.
    /// - Throws: ``ImportError/notABook(_:)`` for a folder without pages,
    ///   ``ImportError`` when a page cannot be read.
    static func open(_ archive: some Archive, options: ImportOptions, sourceFile: String?, warnings: WarningSink)
        throws(ImportError) -> SectionedPageStream
    {
        var pages = readingOrder(archive)[...]
        guard let first = pages.popFirst() else { throw .notABook(noPages) }
        var book = try page(first, of: archive, options: options, warnings: warnings)
        for path in pages {
            let page = try page(path, of: archive, options: options, warnings: warnings)
            book.sections += page.sections
            book.imagePaths += page.imagePaths
        }
        var resources: [String: [UInt8]] = [:]
        for path in Set(book.imagePaths) where archive.contains(path) {
            resources[path] = try PublicationOpener.read(path, from: archive)
        }
        return book.pageStream(options: options, sourceFile: sourceFile, resources: resources)
    }

    /// One page of the folder, its warnings passed on with its path.
    private static func page(_ path: String, of archive: some Archive, options: ImportOptions, warnings: WarningSink)
        throws(ImportError) -> HTMLPage
    {
        let page = try HTMLPage(bytes: PublicationOpener.read(path, from: archive), path: path, options: options)
        for warning in page.warnings {
            warnings.warn(Warning(warning.message, at: path + (warning.location.map { ": " + $0 } ?? "")))
        }
        return page
    }

    static let noPages = ForeignFormat("a folder without HTML pages (.html, .htm, .xhtml) or an EPUB's files",
        hint: "a folder is read when it holds either")

    /// The most files (and folders) a book's folder is looked through for:
    /// `narrate info /` must not walk the whole disk.
    static let maxFiles = 10_000

    static let tooManyFiles = ForeignFormat("a folder of more than 10,000 files", hint: "a book's folder holds its pages and their images")

    /// Whether the folder at `path` holds at most ``maxFiles`` entries, counted without reading them.
    static func hasFewFiles(_ path: String) -> Bool {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return true }
        var count = 0
        while enumerator.nextObject() != nil {
            count += 1
            if count > maxFiles { return false }
        }
        return true
    }

    /// The pages in reading order: the index's links first, then the rest naturally sorted.
    static func readingOrder(_ archive: some Archive) -> [String] {
        let pages = archive.entryPaths.filter(isPage).sorted(by: NaturalOrder.precedes)
        guard let index = ["index.html", "index.htm", "index.xhtml"].first(where: archive.contains),
            let bytes = try? archive.read(index), let document = try? XMLDocument.parse(html: bytes),
            let root = document.root
        else { return pages }
        var links = LinkCollector(base: index)
        root.walk(&links)
        let known = Set(pages)
        var order = [index]
        var seen: Set<String> = [index]
        for path in links.paths where known.contains(path) && seen.insert(path).inserted { order.append(path) }
        return order + pages.filter { !seen.contains($0) }
    }

    private static func isPage(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".html") || lower.hasSuffix(".htm") || lower.hasSuffix(".xhtml")
    }

    /// The archive paths that `<a href>` links name, in document order.
    private struct LinkCollector: XMLVisitor {
        let base: String
        var paths: [String] = []

        mutating func enter(_ node: XMLNode) -> Bool {
            if node.kind == .element, node.name == "a", let href = node.attribute("href"),
                let reference = ArchivePath.resolve(href, relativeTo: base)
            {
                paths.append(reference.path)
            }
            return true
        }
    }
}
