import BookModel

/// A narrated-book plist in XML read one page at a time (see
/// ``PageStream``), from a file mapped into memory whose pages are released
/// behind the reader, so memory stays flat however long the book.
///
/// Opening the stream reads the whole document once, checking every page as
/// ``NarratedPlistReader`` does, to find the book's metadata (which may come
/// after the pages) and every warning: a broken page 900 is reported before
/// page 1 is spoken, with the message a whole import gives. The pages are
/// then decoded again as they are asked for.
public final class NarratedPlistPageStream: PageStream {
    typealias Keys = NarratedPlistKeys

    public let metadata: BookMetadata
    private let file: MappedFile
    /// Where the document starts in the file (after a byte-order mark).
    private let documentStart: Int
    private var cursor: XMLPropertyListCursor
    private var decoder = NarratedPlistDecoder()
    private var nextIndex = 0
    private var isFinished: Bool
    private var warnings: [Warning]

    /// Opens the XML plist at `path`.
    /// - Returns: nil when the document is UTF-16 (read it whole instead).
    /// - Throws: ``ImportError`` for a file that cannot be read, malformed
    ///   XML, or a book whose structure or types are wrong.
    public init?(path: String) throws(ImportError) {
        file = try MappedFile(path: path)
        guard !file.bytes.starts(with: [0xFE, 0xFF]), !file.bytes.starts(with: [0xFF, 0xFE]) else { return nil }
        documentStart = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let document = UnsafeBufferPointer(rebasing: file.bytes[documentStart...])
        var checker = NarratedPlistDecoder()
        let (metadata, pagesOffset) = try Self.check(document, decoder: &checker, file: file, start: documentStart)
        self.metadata = metadata
        warnings = checker.warnings()
        cursor = XMLPropertyListCursor(bytes: document)
        isFinished = pagesOffset == nil
        if let pagesOffset {
            file.restartRelease(at: documentStart + pagesOffset)
            cursor.rewind(toArrayAt: pagesOffset)
            _ = try cursor.openArray(forKey: Keys.bookPages)
        }
    }

    public func nextPage() throws -> Page? {
        guard !isFinished else { return nil }
        guard let element = try cursor.nextElement() else {
            isFinished = true
            return nil
        }
        file.release(upTo: documentStart + cursor.offset)
        defer { nextIndex += 1 }
        return try decoder.page(from: element, index: nextIndex)
    }

    public var fractionRead: Double {
        isFinished ? 1 : Double(documentStart + cursor.offset) / Double(max(1, file.bytes.count))
    }

    public func takeWarnings() -> [Warning] {
        defer { warnings = [] }
        return warnings
    }

    /// Reads the document once: every page is decoded and dropped, to check
    /// it and gather warnings; the other keys are kept, and read as a whole
    /// import reads them.
    /// - Returns: the book's metadata, and where its `bookPages` array starts
    ///   (nil when there are no pages to read).
    private static func check(
        _ document: UnsafeBufferPointer<UInt8>, decoder: inout NarratedPlistDecoder, file: MappedFile, start: Int
    ) throws(ImportError) -> (BookMetadata, Int?) {
        var scan = XMLPropertyListCursor(bytes: document)
        try scan.openRootDictionary()
        var others = PropertyListDictionary()
        var pagesOffset: Int?
        while let key = try scan.nextKey() {
            guard key == Keys.bookPages else {
                others[key] = try scan.nextValue(forKey: key)
                continue
            }
            let offset = scan.offset
            if let whole = try scan.openArray(forKey: key) {
                others[key] = whole
                pagesOffset = nil
                continue
            }
            var index = 0
            while let element = try scan.nextElement() {
                _ = try decoder.page(from: element, index: index)
                index += 1
                file.release(upTo: start + scan.offset)
            }
            others[key] = .array([])
            pagesOffset = offset
        }
        // Checks that bookPages is there and an array, and reads the metadata.
        let shell = try decoder.book(from: .dictionary(others))
        return (shell.metadata, pagesOffset)
    }
}
