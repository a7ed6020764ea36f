/// A book delivered one page at a time, in reading order, so that a book of
/// any length can be spoken without holding all of it in memory.
///
/// The metadata is known before the first page. Pages are produced lazily:
/// a stream reads (and parses) only as much of its input as the pages asked
/// for so far need, plus a small read-ahead.
public protocol PageStream: AnyObject {
    /// Title, authors, language of the whole book.
    var metadata: BookMetadata { get }
    /// The next page, or nil after the last one.
    /// - Throws: an error that describes what is wrong in the input and where.
    func nextPage() throws -> Page?
    /// How far into the book the pages returned so far reach, from 0 to 1:
    /// an estimate (from bytes or lines of input) for progress lines.
    var fractionRead: Double { get }
    /// The warnings met since the last call, in the order they were met.
    func takeWarnings() -> [Warning]
}

/// The pages of a ``Book`` already in memory, as a ``PageStream``.
public final class BookPageStream: PageStream {
    public let metadata: BookMetadata
    private var pages: [Page]
    private var next = 0
    private var warnings: [Warning]

    /// - Parameter warnings: warnings met while importing the book, handed
    ///   out by the first ``takeWarnings()``.
    public init(_ book: Book, warnings: [Warning] = []) {
        metadata = book.metadata
        pages = book.pages
        self.warnings = warnings
    }

    public func nextPage() -> Page? {
        guard next < pages.count else { return nil }
        defer {
            pages[next] = Page()  // let the page go once it is handed out
            next += 1
        }
        return pages[next]
    }

    public var fractionRead: Double { pages.isEmpty ? 1 : Double(next) / Double(pages.count) }

    public func takeWarnings() -> [Warning] {
        defer { warnings = [] }
        return warnings
    }
}
