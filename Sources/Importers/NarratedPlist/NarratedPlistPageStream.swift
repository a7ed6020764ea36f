import BookFiles
import BookModel
import PropertyLists

/// A narrated-book plist — the format of the iOS tutorial, a root
/// dictionary whose `bookPages` array holds pages of utterances — read page
/// by page. XML, binary and JSON forms are accepted.
///
/// Opening the stream reads the whole plist once, checking every page, to
/// find the book's metadata (which may come after the pages) and every
/// warning: a broken page 900 is reported before page 1 is spoken. An XML or
/// binary plist file is then read again page by page from a mapping whose
/// pages are released as the reading goes on, so memory stays flat however
/// long the book; a plist in memory (or JSON, or UTF-16 XML) is parsed whole
/// and its pages are kept as they are checked.
///
/// Wrong structure or types are errors naming the key path
/// (`bookPages[1].utterances[3].utteranceProperties.rate: expected a number,
/// found string "fast"`). Values outside AVSpeech's ranges are kept as
/// authored and reported as one warning per property.
public final class NarratedPlistPageStream: PageStream {
    public let metadata: BookMetadata
    public let extraKeys: PropertyListDictionary
    public let pageCount: Int?
    private var plist: any PagedPropertyList
    private var decoder = NarratedPlistDecoder()
    private var kept: [Page] = []
    private var nextIndex = 0
    private var isFinished: Bool

    /// Opens the plist in `source`, whose format was recognised as `format`.
    /// - Throws: ``ImportError`` for a file that cannot be read, a malformed
    ///   plist, or a book whose structure or types are wrong.
    public init(source: any ByteSource, format: InputFormat, warnings: WarningSink = .ignoring) throws(ImportError) {
        plist = try Self.pagedPropertyList(source, format: format)
        var checker = NarratedPlistDecoder()
        var pages: [Page] = []
        var count = 0
        let keepsPages = plist.keepsCheckedPages
        let entries = try plist.readRoot(pagesKey: NarratedPlistKeys.bookPages) { (value) throws(ImportError) in
            let page = try checker.page(from: value, index: count)
            if keepsPages { pages.append(page) }
            count += 1
        }
        // Checks that bookPages is there and an array, and reads the metadata.
        let book = try checker.book(from: .dictionary(entries))
        metadata = book.metadata
        extraKeys = book.extraKeys
        for warning in checker.warnings() { warnings.warn(warning) }
        pageCount = count
        kept = pages
        isFinished = keepsPages ? false : try !plist.restartPages()
    }

    public func nextPart() throws(ImportError) -> PagePart? {
        guard !isFinished else { return nil }
        if plist.keepsCheckedPages {
            guard nextIndex < kept.count else { return finish() }
            var page = Page()
            swap(&page, &kept[nextIndex])  // moved out: the page is not kept twice
            nextIndex += 1
            return PagePart(page: page)
        }
        guard let value = try plist.nextPage() else { return finish() }
        defer { nextIndex += 1 }
        return PagePart(page: try decoder.page(from: value, index: nextIndex))
    }

    public var fractionRead: Double {
        if isFinished { return 1 }
        if plist.keepsCheckedPages { return kept.isEmpty ? 1 : Double(nextIndex) / Double(kept.count) }
        return plist.fractionRead
    }

    private func finish() -> PagePart? {
        isFinished = true
        kept = []
        return nil
    }

    /// A file of XML (UTF-8) or binary plist is read from a mapping, page by
    /// page; anything else is parsed whole.
    private static func pagedPropertyList(_ source: any ByteSource, format: InputFormat) throws(ImportError)
        -> any PagedPropertyList
    {
        if let file = source as? FileByteSource, format != .jsonPropertyList {
            let mapping = try ImportError.file { () throws(FileError) in try MappedFile(file) }
            if format == .binaryPropertyList { return try BinaryPagedPropertyList(file: mapping) }
            if let xml = XMLPagedPropertyList(file: mapping) { return xml }
        }
        var bytes = try ImportError.file { () throws(FileError) in try source.read(at: 0, count: source.size) }
        return TreePagedPropertyList(root: try parse(&bytes, format: format))
    }

    /// Parses a whole plist, releasing its bytes.
    private static func parse(_ bytes: inout [UInt8], format: InputFormat) throws(ImportError) -> PropertyListValue {
        let data = bytes
        bytes = []
        return try ImportError.propertyList { () throws(PropertyListError) in
            switch format {
            case .binaryPropertyList: try BinaryPropertyListReader.parse(data)
            case .jsonPropertyList: try JSONPropertyListParser.parse(data)
            default: try XMLPropertyListParser.parse(data)
            }
        }
    }
}
