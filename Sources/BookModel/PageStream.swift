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
    /// The next piece of a page, or nil after the last one: a page far
    /// longer than a chapter comes in several parts, so that it is not held
    /// whole either. Use either this or ``nextPage()``, not both. By
    /// default, each page is one part.
    func nextPart() throws -> PagePart?
    /// How far into the book the pages returned so far reach, from 0 to 1:
    /// an estimate (from bytes or lines of input) for progress lines.
    var fractionRead: Double { get }
    /// The warnings met since the last call, in the order they were met.
    func takeWarnings() -> [Warning]
}

extension PageStream {
    public func nextPart() throws -> PagePart? {
        try nextPage().map { PagePart(page: $0, continuesPage: false) }
    }
}

/// Consecutive utterances of one page, as a ``PageStream`` hands them out.
public struct PagePart: Hashable, Sendable {
    /// The page's title and image, and the utterances of this part.
    public var page: Page
    /// True when the part goes on the page of the part before it; false
    /// when it starts a new page.
    public var continuesPage: Bool

    public init(page: Page, continuesPage: Bool) {
        self.page = page
        self.continuesPage = continuesPage
    }
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
