import BookFiles
import BookModel

/// A book as a new EPUB 3 publication, with no audio: one XHTML content
/// document per page, a navigation document listing the titled pages, a
/// style sheet, the cover and page pictures the caller supplies, and a
/// package document with the book's metadata. ``entries()`` makes the
/// files in memory; ``EPUBWriter`` zips them.
///
/// Pages with neither text nor picture are left out, as the EPUB importer
/// leaves them out. Notes are written where the import put them, marked as
/// EPUB notes (``EPUBPageDocument``): a notes page (``Page/role``) as a
/// `<section epub:type="endnotes" role="doc-endnotes">`, footnotes read at
/// the end of a chapter (``Utterance/isNote``) as such a section there.
/// Note references are not linked: the model does not keep them.
public struct EPUBPublication {
    /// The book to write.
    public var book: Book
    /// The cover picture (``BookMetadata/coverImage``'s bytes), if any.
    public var cover: EPUBImage?
    /// Pictures by the name a page's ``Page/backgroundImage`` gives; a
    /// page whose picture is not here has none.
    public var pageImages: [String: EPUBImage]
    /// `dcterms:modified`: when the book was converted, such as
    /// `2026-12-03T08:00:00Z` (passed in, so the files are reproducible).
    public var modified: String

    public init(book: Book, cover: EPUBImage? = nil, pageImages: [String: EPUBImage] = [:], modified: String) {
        self.book = book
        self.cover = cover
        self.pageImages = pageImages
        self.modified = modified
    }

    /// The package's folder inside the zip.
    static let folder = "OEBPS"

    /// Every file of the book, `mimetype` first, then `META-INF/container.xml`.
    public func entries() -> [EPUBEntry] {
        let language = LanguageTag.sanitized(book.metadata.language) ?? "und"
        var package = EPUBPackageDocument(
            metadata: book.metadata, identifier: BookIdentifier.of(book), title: title, language: language, modified: modified)
        var files: [EPUBEntry] = []
        var navigation: [EPUBNavigation.Entry] = []
        package.manifest.append(.init(id: "nav", href: "nav.xhtml", mediaType: "application/xhtml+xml", properties: "nav"))
        package.manifest.append(.init(id: "css", href: Self.styleSheetHref, mediaType: "text/css"))
        addCover(to: &package, files: &files)
        var imageHrefs: [String: String] = [:]
        var aliases: [(words: String, alias: String)] = []
        for (index, page) in writtenPages.enumerated() {
            let name = "page-" + Self.padded(index + 1)
            let image = page.backgroundImage.flatMap { addImage(named: $0, to: &package, files: &files, hrefs: &imageHrefs) }
            let document = EPUBPageDocument(page: page, fallbackTitle: title, bookLanguage: language, image: image.map { "../" + $0 })
            for entry in document.aliases where !aliases.contains(where: { $0.words == entry.words }) { aliases.append(entry) }
            files.append(EPUBEntry(path: "\(Self.folder)/text/\(name).xhtml", bytes: document.bytes(
                styleSheet: "../" + Self.styleSheetHref, lexicon: "../" + EPUBPronunciations.lexiconHref)))
            package.manifest.append(.init(id: name, href: "text/\(name).xhtml", mediaType: "application/xhtml+xml"))
            package.spine.append(name)
            if let title = page.title { navigation.append(.init(title: title, href: "text/\(name).xhtml")) }
        }
        if !aliases.isEmpty {
            let href = EPUBPronunciations.lexiconHref
            files.append(EPUBEntry(path: "\(Self.folder)/\(href)", bytes: EPUBPronunciations.lexicon(aliases, language: language)))
            package.manifest.append(.init(id: "pronunciations", href: href, mediaType: "application/pls+xml"))
        }
        if navigation.isEmpty, let first = package.spine.first(where: { $0.hasPrefix("page-") }) {
            navigation.append(.init(title: title, href: "text/\(first).xhtml"))
        }
        let head = [
            EPUBEntry(path: "mimetype", bytes: Array("application/epub+zip".utf8)),
            EPUBEntry(path: "META-INF/container.xml", bytes: Array(Self.container.utf8)),
            EPUBEntry(path: "\(Self.folder)/package.opf", bytes: package.bytes),
            EPUBEntry(path: "\(Self.folder)/nav.xhtml", bytes: EPUBNavigation.bytes(entries: navigation, title: "Contents", language: language)),
            EPUBEntry(path: "\(Self.folder)/\(Self.styleSheetHref)", bytes: Array(Self.styleSheet.utf8)),
        ]
        return head + files
    }

    /// The pages written: those with text or a picture.
    var writtenPages: [Page] {
        book.pages.filter { page in
            page.backgroundImage.map { pageImages[$0] != nil } == true
                || page.utterances.contains { $0.text.unicodeScalars.contains { !$0.properties.isWhitespace } }
        }
    }

    /// The book's title; else the name of the file it came from, without
    /// its extension; else `Untitled`.
    var title: String {
        let candidates = [book.metadata.title, book.metadata.sourceFileBaseName]
        return candidates.compactMap { $0 }.first { XMLText.escaped($0).contains { !$0.isWhitespace } } ?? "Untitled"
    }

    /// The cover picture as the manifest's `cover-image`, and a cover page
    /// first in the spine.
    private func addCover(to package: inout EPUBPackageDocument, files: inout [EPUBEntry]) {
        guard let cover else { return }
        let href = "images/cover.\(cover.fileExtension)"
        files.append(EPUBEntry(path: "\(Self.folder)/\(href)", bytes: cover.bytes))
        package.manifest.append(.init(id: "cover-image", href: href, mediaType: cover.mediaType, properties: "cover-image"))
        package.coverID = "cover-image"
        let page = EPUBCoverPage(title: title, language: LanguageTag.sanitized(book.metadata.language) ?? "und", image: "../" + href)
        files.append(EPUBEntry(path: "\(Self.folder)/text/cover.xhtml", bytes: page.bytes(styleSheet: "../" + Self.styleSheetHref)))
        package.manifest.append(.init(id: "cover", href: "text/cover.xhtml", mediaType: "application/xhtml+xml"))
        package.spine.append("cover")
    }

    /// The href (from the package) of the picture `name`, added to the
    /// book the first time a page shows it (the cover's when it is the
    /// same picture); nil when it was not supplied.
    private func addImage(
        named name: String, to package: inout EPUBPackageDocument, files: inout [EPUBEntry], hrefs: inout [String: String]
    ) -> String? {
        if let href = hrefs[name] { return href }
        guard let image = pageImages[name] else { return nil }
        if let cover, cover.bytes == image.bytes, let href = package.manifest.first(where: { $0.id == "cover-image" })?.href {
            hrefs[name] = href  // the cover shown again on its page: stored once
            return href
        }
        let id = "image-" + Self.padded(hrefs.count + 1)
        let href = "images/\(id).\(image.fileExtension)"
        files.append(EPUBEntry(path: "\(Self.folder)/\(href)", bytes: image.bytes))
        package.manifest.append(.init(id: id, href: href, mediaType: image.mediaType))
        hrefs[name] = href
        return href
    }

    /// `letter` for `some/folder/letter.docx`.
    private static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static let styleSheetHref = "styles/book.css"

    static let styleSheet = """
        body { margin: 0 5%; }
        h1 { text-align: center; margin: 2em 0 1em; }
        p { margin: 0 0 0.6em; }
        pre { margin: 0 0 0.6em; font-family: inherit; white-space: pre-wrap; }
        figure { margin: 1em 0; text-align: center; }
        img { max-width: 100%; }
        section.cover { text-align: center; }

        """

    /// `META-INF/container.xml`, naming `OEBPS/package.opf`.
    public static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles>
            <rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/>
          </rootfiles>
        </container>

        """
}
