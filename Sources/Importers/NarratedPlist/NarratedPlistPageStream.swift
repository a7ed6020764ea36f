import BookModel

/// A narrated-book plist file, XML or binary, read one page at a time (see
/// ``PageStream``) from a mapping whose pages are released as the reading
/// goes on, so memory stays flat however long the book.
///
/// Opening the stream reads the whole file once, checking every page as
/// ``NarratedPlistReader`` does, to find the book's metadata (which may come
/// after the pages) and every warning: a broken page 900 is reported before
/// page 1 is spoken, with the message a whole import gives. The pages are
/// then decoded again as they are asked for.
public final class NarratedPlistPageStream: PageStream {
    public let metadata: BookMetadata
    private var plist: any PagedPropertyList
    private var decoder = NarratedPlistDecoder()
    private var nextIndex = 0
    private var isFinished: Bool
    private var warnings: [Warning]

    /// Opens the plist at `path`.
    /// - Returns: nil for a UTF-16 XML plist (import it whole instead).
    /// - Throws: ``ImportError`` for a file that cannot be read, a malformed
    ///   plist, or a book whose structure or types are wrong.
    public convenience init?(path: String, format: InputFormat) throws(ImportError) {
        try self.init(file: FileByteSource(path: path), format: format)
    }

    /// Opens the plist in an open file.
    init?(file source: FileByteSource, format: InputFormat) throws(ImportError) {
        let file = try MappedFile(source)
        if format == .binaryPropertyList {
            plist = try BinaryPagedPropertyList(file: file)
        } else if let xml = XMLPagedPropertyList(file: file) {
            plist = xml
        } else {
            return nil
        }
        var checker = NarratedPlistDecoder()
        var index = 0
        let entries = try plist.readRoot(pagesKey: NarratedPlistKeys.bookPages) { (value) throws(ImportError) in
            _ = try checker.page(from: value, index: index)
            index += 1
        }
        // Checks that bookPages is there and an array, and reads the metadata.
        metadata = try checker.book(from: .dictionary(entries)).metadata
        warnings = checker.warnings()
        isFinished = try !plist.restartPages()
    }

    public func nextPage() throws -> Page? {
        guard !isFinished else { return nil }
        guard let value = try plist.nextPage() else {
            isFinished = true
            return nil
        }
        defer { nextIndex += 1 }
        return try decoder.page(from: value, index: nextIndex)
    }

    public var fractionRead: Double { isFinished ? 1 : plist.fractionRead }

    public func takeWarnings() -> [Warning] {
        defer { warnings = [] }
        return warnings
    }
}
