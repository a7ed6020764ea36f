import Narrator
import Audiobooks
import BookModel

/// What the audiobook writer needs to know of a book before rendering it:
/// each page's chapter title, length and fingerprint, and its first image.
/// Read by streaming the book once, holding no page.
public struct BookOutline {
    /// One page of the book.
    public struct PageInfo {
        /// 0-based index in the book.
        public var index: Int
        /// The chapter title (``Chapter/title(_:pageIndex:)``).
        public var title: String
        /// Unicode scalars of its text.
        public var characters: Int
        /// A fingerprint of its title, text, prosody and languages: equal
        /// fingerprints sound alike.
        public var fingerprint: StableDigest
        /// Its background image's archive path, if any.
        public var image: String?
        /// The document its first utterance came from (an EPUB's content
        /// document); nil when not known.
        public var resource: String? = nil
    }

    public var metadata: BookMetadata
    /// Every page of the book, in order.
    public var pages: [PageInfo] = []

    /// Reads `stream` to its end.
    /// - Throws: what the stream throws.
    public init(_ stream: any PageStream) throws {
        metadata = stream.metadata
        var ownTitles: [String?] = []
        while let part = try stream.nextPart() {
            if !part.continuesPage || pages.isEmpty {
                let index = pages.count
                var fingerprint = StableDigest()
                fingerprint.add(part.page.title ?? "")
                ownTitles.append(part.page.title)
                pages.append(PageInfo(
                    index: index, title: "", characters: 0,
                    fingerprint: fingerprint, image: part.page.backgroundImage))
            }
            let last = pages.count - 1
            if pages[last].resource == nil { pages[last].resource = part.page.utterances.first?.source?.resource }
            for utterance in part.page.utterances {
                pages[last].characters += utterance.text.unicodeScalars.count
                pages[last].fingerprint.add(utterance.text)
                pages[last].fingerprint.add("\(utterance.prosody)|\(utterance.language ?? "")")
            }
        }
        for (index, title) in Chapter.titles(ownTitles, bookTitle: metadata.titleOrFileName).enumerated() {
            pages[index].title = title
        }
    }

    /// A fingerprint of the whole book as read: its metadata and every
    /// page's (16 hexadecimal digits).
    public var fingerprint: String {
        var digest = StableDigest()
        digest.add(metadata.title ?? "")
        for page in pages { digest.add(page.fingerprint.hex + page.title) }
        return digest.hex
    }

    /// The first image any page shows: the cover of last resort.
    public var firstImage: String? { pages.lazy.compactMap(\.image).first }

    /// The pages `--pages`/`--from` select, in order: a range that runs
    /// past the end is read up to it, with a warning, as when a WAV is spoken.
    /// - Throws: ``Failure`` for a selection outside the book, as `speak` words it.
    public func selected(pages range: ClosedRange<Int>?, from start: Int?, input: String, warnings: WarningSink) throws
        -> [PageInfo]
    {
        if let range, range.upperBound > pages.count {
            guard range.lowerBound <= pages.count else {
                throw Failure(input, PageSelectionWords.outside(range, pageCount: pages.count))
            }
            warnings.warn(PageSelectionWords.pastTheEnd(range, pageCount: pages.count))
        }
        if let start, start >= pages.count {
            throw Failure(input, PageSelectionWords.outside(start: start, pageCount: pages.count))
        }
        let first = max((range?.lowerBound ?? 1) - 1, start ?? 0)
        let last = min(range?.upperBound ?? pages.count, pages.count) - 1
        return first <= last ? Array(pages[first...last]) : []
    }
}
