/// A book to be narrated: its metadata and its pages in reading order.
///
/// Every importer produces a `Book`; the narrator speaks one and the plist
/// exporter writes one back out. It is a plain value: copying it is cheap and
/// nothing in it refers to a file that must stay open.
public struct Book: Hashable, Sendable {
    /// Title, authors, language and other facts about the book as a whole.
    public var metadata: BookMetadata
    /// The pages in reading order; empty for an empty book.
    public var pages: [Page]
    /// Top-level plist keys that narrate does not interpret, kept verbatim so
    /// an imported plist exports back with them. Empty when there were none.
    public var extraKeys: PropertyListDictionary

    public init(
        metadata: BookMetadata = BookMetadata(), pages: [Page] = [],
        extraKeys: PropertyListDictionary = PropertyListDictionary()
    ) {
        self.metadata = metadata
        self.pages = pages
        self.extraKeys = extraKeys
    }

    /// All utterances of all pages, in reading order.
    public var utterances: some Sequence<Utterance> {
        pages.lazy.flatMap(\.utterances)
    }
}

/// Facts about a book as a whole.
public struct BookMetadata: Hashable, Sendable {
    /// The book's title; `nil` when the source names none.
    public var title: String?
    /// Authors (creators) in the order the source gives them; empty when unknown.
    public var authors: [String]
    /// BCP 47 language tag of the book's text, such as `en` or `pt-BR`;
    /// `nil` when unknown (the narrator then uses English).
    public var language: String?
    /// A unique identifier from the source (an EPUB's `dc:identifier`, an ISBN,
    /// a UUID); `nil` when the source has none.
    public var identifier: String?
    /// Path of the file the book was imported from, as the user gave it;
    /// `nil` for standard input or a book built in memory.
    public var sourceFile: String?
    /// The publisher (an EPUB's `dc:publisher`); `nil` when not given.
    public var publisher: String?
    /// The publication date as the source writes it (`dc:date`, usually
    /// ISO 8601 such as `1813-01-28`); `nil` when not given.
    public var date: String?
    /// A description or blurb (`dc:description`), white space collapsed;
    /// `nil` when not given.
    public var summary: String?
    /// Archive path of the cover image the source names (EPUB 3
    /// `properties="cover-image"`, EPUB 2 `<meta name="cover">`), readable
    /// with ``PageStream/resource(at:)``; `nil` when none is named.
    public var coverImage: String?
    /// The series the book belongs to (an EPUB 3 `belongs-to-collection`
    /// of type `series`, or calibre's `calibre:series`); `nil` for none.
    public var series: String?
    /// The book's place in ``series`` as the source writes it (`2`, `1.5`;
    /// calibre's `2.0` is written `2`); `nil` when not given.
    public var seriesPosition: String?
    /// Subjects (`dc:subject`) in the source's order; empty when none.
    public var subjects: [String]
    /// The ISBN among the book's identifiers (`urn:isbn:…`, `opf:scheme="ISBN"`,
    /// or 10 or 13 digits), digits only; `nil` when it has none.
    public var isbn: String?

    public init(
        title: String? = nil, authors: [String] = [], language: String? = nil,
        identifier: String? = nil, sourceFile: String? = nil, publisher: String? = nil, date: String? = nil,
        summary: String? = nil, coverImage: String? = nil, series: String? = nil, seriesPosition: String? = nil,
        subjects: [String] = [], isbn: String? = nil
    ) {
        self.series = series
        self.seriesPosition = seriesPosition
        self.subjects = subjects
        self.isbn = isbn
        self.title = title
        self.authors = authors
        self.language = language
        self.identifier = identifier
        self.sourceFile = sourceFile
        self.publisher = publisher
        self.date = date
        self.summary = summary
        self.coverImage = coverImage
    }
}

extension BookMetadata {
    /// The book's title, else the name of the file it came from
    /// (``sourceFileBaseName``); nil when neither has more than white space.
    public var titleOrFileName: String? {
        [title, sourceFileBaseName].compactMap { $0 }.first { $0.contains { !$0.isWhitespace } }
    }

    /// The name of the file the book came from, without its folder or
    /// extension (`story` for `books/story.epub`); nil without a file.
    public var sourceFileBaseName: String? {
        guard let path = sourceFile else { return nil }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
