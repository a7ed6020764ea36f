/// A book delivered piece by piece, in reading order: the one way every
/// format is read. Importing a whole book is draining a stream
/// (``Book/init(draining:)``); the narrator speaks one as it reads it, so a
/// book of any length is spoken without holding all of it in memory.
///
/// The metadata is known before the first page. Pages are produced lazily:
/// a stream reads (and parses) only as much of its input as the parts asked
/// for so far need, plus a small read-ahead. Problems that do not stop the
/// reading go to the ``WarningSink`` the stream was made with, as they are met.
public protocol PageStream: AnyObject {
    /// Title, authors, language of the whole book.
    var metadata: BookMetadata { get }
    /// Top-level plist keys narrate does not interpret (see ``Book/extraKeys``).
    var extraKeys: PropertyListDictionary { get }
    /// The number of pages, when the input tells it before they are read (a
    /// plist); nil when only reading to the end finds it out.
    var pageCount: Int? { get }
    /// The next piece of a page, or nil after the last one: a page far
    /// longer than a chapter comes in several parts, so that it is not held
    /// whole either.
    /// - Throws: an error that describes what is wrong in the input and where.
    func nextPart() throws -> PagePart?
    /// How far into the book the parts returned so far reach, from 0 to 1:
    /// an estimate (from bytes or lines of input) for progress lines.
    var fractionRead: Double { get }
    /// The bytes of a file the book carries beside its text (an EPUB's
    /// cover or page image), by the archive path ``BookMetadata/coverImage``
    /// or ``Page/backgroundImage`` names; nil when the book has no such file
    /// or its format carries none (text, plists).
    /// - Throws: an error that says why a file that is there cannot be read.
    func resource(at path: String) throws -> [UInt8]?
}

extension PageStream {
    public var extraKeys: PropertyListDictionary { [:] }
    public var pageCount: Int? { nil }
    public func resource(at path: String) throws -> [UInt8]? { nil }
}

/// Consecutive utterances of one page, as a ``PageStream`` hands them out.
public struct PagePart: Hashable, Sendable {
    /// The page's title and image, and the utterances of this part.
    public var page: Page
    /// True when the part goes on the page of the part before it; false
    /// when it starts a new page.
    public var continuesPage: Bool

    public init(page: Page, continuesPage: Bool = false) {
        self.page = page
        self.continuesPage = continuesPage
    }
}

extension Book {
    /// Reads a stream to its end: its metadata, extra keys and every page,
    /// with the parts of each page joined.
    /// - Throws: whatever the stream throws.
    public init(draining stream: any PageStream) throws {
        self.init(metadata: stream.metadata, extraKeys: stream.extraKeys)
        if let count = stream.pageCount { pages.reserveCapacity(count) }
        while let part = try stream.nextPart() {
            if part.continuesPage, !pages.isEmpty {
                pages[pages.count - 1].utterances += part.page.utterances
            } else {
                pages.append(part.page)
            }
        }
    }
}

/// The pages of a ``Book`` already in memory, as a ``PageStream``: for
/// books built by a program (a test, the reader's sentence) rather than read.
public final class BookPageStream: PageStream {
    public let metadata: BookMetadata
    public let extraKeys: PropertyListDictionary
    private var pages: [Page]
    private var next = 0

    public init(_ book: Book) {
        metadata = book.metadata
        extraKeys = book.extraKeys
        pages = book.pages
    }

    public var pageCount: Int? { pages.count }

    public func nextPart() -> PagePart? {
        guard next < pages.count else { return nil }
        var page = Page()
        swap(&page, &pages[next])  // moved out: the page is not kept twice
        next += 1
        return PagePart(page: page)
    }

    public var fractionRead: Double { pages.isEmpty ? 1 : Double(next) / Double(pages.count) }
}
