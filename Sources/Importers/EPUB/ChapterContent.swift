import BookFiles
import BookModel
import TextPrimitives

/// What a content document says, ready to be cut into pages: its blocks in
/// order, where each `id` falls among them, and its images.
struct ChapterContent {
    /// A place in the document: the index of the block it falls in (or
    /// before), and its order among all recorded places, so an image and an
    /// anchor before the same block keep their document order.
    struct Position: Hashable, Comparable {
        var block: Int
        var order: Int

        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.block, lhs.order) < (rhs.block, rhs.order) }
    }

    /// An image and where it appears.
    struct Image: Hashable {
        var path: String
        var position: Position
    }

    var blocks: [TextBlock] = []
    /// Element ids (and `<a name>`s) → where they are.
    var anchors: [String: Position] = [:]
    var images: [Image] = []
    /// The XML error when the document had to be read with the HTML parser.
    var recoveredError: XMLError?
    /// Why the HTML parser stopped before the document's end, when it did.
    var truncation: XMLError?
    /// The PLS lexicons the document links.
    var lexiconLinks: [InlinePhonemeReader.LexiconLink] = []
    /// `ssml:alphabet` values narrate cannot read, and their lines.
    var unknownAlphabets: [(name: String, line: Int)] = []

    /// Parses an XHTML content document at archive path `path`.
    /// - Parameters:
    ///   - bookLanguage: the book's language; runs in it carry no language.
    ///   - speakAltText: speak images' `alt` text.
    /// - Throws: ``XMLError`` when neither the XML nor the HTML parser could
    ///   read it.
    init(
        bytes: [UInt8], path: String, bookLanguage: String?, speakAltText: Bool, readsNotes: Bool = false,
        readsContents: Bool = false
    ) throws(XMLError) {
        let document = try XMLDocument.parse(bytes, htmlFallback: true)
        self.init(document: document, path: path, bookLanguage: bookLanguage, speakAltText: speakAltText,
            readsNotes: readsNotes, readsContents: readsContents)
    }

    /// Reads a document already parsed (a single HTML page read with the
    /// HTML parser) with the same rules.
    init(
        document: XMLDocument, path: String, bookLanguage: String?, speakAltText: Bool, readsNotes: Bool = false,
        readsContents: Bool = false
    ) {
        recoveredError = document.recoveredError
        truncation = document.truncation
        guard let root = document.root else { return }
        var reader = ContentReader(
            path: path, bookLanguage: bookLanguage, speakAltText: speakAltText, readsNotes: readsNotes,
            readsContents: readsContents)
        root.walk(&reader)
        reader.flush()
        blocks = reader.blocks
        anchors = reader.anchors
        images = reader.images
        let textBytes = blocks.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.text.utf8.count } }
        isMostlyLinks = reader.outwardLinks >= 3 && reader.linkedTextBytes * 10 >= textBytes * 6
        lexiconLinks = reader.lexiconLinks
        unknownAlphabets = reader.unknownAlphabets
    }

    /// Three links to other documents or more make up most of the text: a
    /// table of contents (`Brief Contents`), not read by default.
    private(set) var isMostlyLinks = false

    /// The text of the first heading among `blocks[range]`, collapsed.
    func firstHeading(in range: Range<Int>) -> String? {
        for block in blocks[range] {
            guard case .heading = block.kind else { continue }
            let text = block.text.collapsingWhitespace()
            if !text.isEmpty { return text }
        }
        return nil
    }
}
