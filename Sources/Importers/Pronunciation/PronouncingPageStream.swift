import BookModel

/// A book's pages with a ``LexiconSet`` applied to every utterance as it
/// passes: how the user's lexicons (`--lexicon`, the file beside the book)
/// reach every command that reads a book.
public final class PronouncingPageStream: PageStream {
    private let stream: any PageStream
    private let lexicons: LexiconSet

    public init(_ stream: any PageStream, lexicons: LexiconSet) {
        self.stream = stream
        self.lexicons = lexicons
    }

    public var metadata: BookMetadata { stream.metadata }
    public var extraKeys: PropertyListDictionary { stream.extraKeys }
    public var pageCount: Int? { stream.pageCount }
    public var fractionRead: Double { stream.fractionRead }

    public func nextPart() throws -> PagePart? {
        guard var part = try stream.nextPart() else { return nil }
        lexicons.apply(to: &part.page.utterances, bookLanguage: stream.metadata.language)
        return part
    }
}
