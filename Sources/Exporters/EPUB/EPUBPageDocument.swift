import BookFiles
import BookModel

/// The XHTML content document of one page: its picture, its heading (the
/// first utterances when they spell the page's title), and its text in
/// paragraphs: an utterance that ends with a line break ends its block,
/// as in every importer, and a block with line breaks inside (verse, code)
/// is preformatted; an utterance in another language than the book's is a
/// `<span>` with `xml:lang`. Notes are marked the EPUB 3 way: a notes
/// page (``Page/Role/notes``) is one `<section epub:type="endnotes"
/// role="doc-endnotes">`, and on other pages each run of blocks whose
/// utterances are notes (``Utterance/isNote``) is such a section where it
/// stands. The notes are paragraphs inside it: the model marks which text
/// is a note, not where one note ends and the next begins. What the
/// utterances' pronunciations say is kept (``EPUBPronunciations``).
/// Everything is escaped, and characters XML cannot hold are left out.
struct EPUBPageDocument {
    /// The page's title, or the book's when it has none (the document's `<title>`).
    let title: String
    private var body = ""
    /// The utterances of the block being gathered.
    private var block: [Utterance] = []
    private let bookLanguage: String
    /// The page holds only notes: its whole body is one notes section.
    private let isNotesPage: Bool
    /// A notes section is open around the blocks being written (on a page
    /// that is not all notes).
    private var isInNotes = false
    /// Some words carry `ssml:ph`: the document declares the SSML namespace.
    private(set) var usesPhonemes = false
    /// Words said as other text, for the book's PLS lexicon, in order.
    private(set) var aliases: [(words: String, alias: String)] = []

    /// Utterances of one language side by side in a block, and their
    /// pronunciations (ranges in the scalars of `text`).
    private struct Piece {
        var text: String
        var language: String?
        var pronunciations: [Pronunciation]

        var scalarCount: Int { text.unicodeScalars.count }

        /// Drops the white space at the start, moving the pronunciations with the text.
        mutating func dropLeadingWhitespace() {
            let dropped = text.prefix { $0.isWhitespace }
            guard !dropped.isEmpty else { return }
            let shift = dropped.unicodeScalars.count
            text = String(text.dropFirst(dropped.count))
            pronunciations = pronunciations.map { moved($0, by: -shift) }
        }

        /// Appends `next` (of the same language).
        mutating func append(_ next: Piece) {
            let shift = scalarCount
            text += next.text
            pronunciations += next.pronunciations.map { moved($0, by: shift) }
        }

        /// The piece's pronunciations moved `shift` scalars (those that
        /// fall outside its text are left out when written).
        func moved(by shift: Int) -> [Pronunciation] { pronunciations.map { moved($0, by: shift) } }

        private func moved(_ pronunciation: Pronunciation, by shift: Int) -> Pronunciation {
            var moved = pronunciation
            moved.range = max(0, moved.range.lowerBound + shift)..<max(0, moved.range.upperBound + shift)
            return moved
        }
    }

    /// Opens a section of notes, marked for EPUB (Structural Semantics) and
    /// for assistive technology (DPUB-ARIA).
    static let notesOpening = "<section epub:type=\"endnotes\" role=\"doc-endnotes\">\n"

    /// - Parameters:
    ///   - image: the href of the page's picture from the document, if it has one.
    init(page: Page, fallbackTitle: String, bookLanguage: String, image: String?) {
        title = page.title ?? fallbackTitle
        self.bookLanguage = bookLanguage
        isNotesPage = page.role == .notes
        if let image { body += "<figure><img src=\"\(XMLText.escaped(image))\" alt=\"\"/></figure>\n" }
        var utterances = page.utterances[...]
        let headingCount = page.title.map { EPUBHeading.utteranceCount(spelling: $0, in: utterances.lazy.map(\.text)) } ?? 0
        if headingCount > 0, utterances[utterances.startIndex + headingCount - 1].endsBlock,
            isNotesPage || !utterances.prefix(headingCount).contains(where: \.isNote)
        {
            body += "<h1>" + headingText(utterances.prefix(headingCount)) + "</h1>\n"
            utterances = utterances.dropFirst(headingCount)
        }
        for utterance in utterances { add(utterance) }
        writeBlock()
        if isInNotes { body += "</section>\n" }
    }

    /// The document's bytes, with `styleSheet` (an href) linked, and
    /// `lexicon` (the book's PLS, an href) when its words are in it.
    func bytes(styleSheet: String, lexicon: String? = nil) -> [UInt8] {
        XHTMLDocument.bytes(
            title: title, language: bookLanguage, styleSheet: styleSheet, lexicon: aliases.isEmpty ? nil : lexicon,
            declaresSSML: usesPhonemes, body: (isNotesPage ? Self.notesOpening : "<section>\n") + body + "</section>\n")
    }

    /// The heading utterances' text without the white space at its ends,
    /// its line breaks (between the heading's blocks) as `<br/>`.
    private mutating func headingText(_ utterances: ArraySlice<Utterance>) -> String {
        var heading = Piece(text: "", language: nil, pronunciations: [])
        for utterance in utterances { heading.append(Piece(text: utterance.text, language: nil, pronunciations: utterance.pronunciations)) }
        var lines: [String] = []
        var start = 0  // the line's first scalar in the heading
        for line in heading.text.split(separator: "\n", omittingEmptySubsequences: false) {
            var piece = Piece(text: String(line), language: nil, pronunciations: heading.moved(by: -start))
            start += line.unicodeScalars.count + 1
            piece.dropLeadingWhitespace()
            piece.text = Self.trimmed(Substring(piece.text))
            let text = markup(piece)
            if !text.isEmpty { lines.append(text) }
        }
        return lines.joined(separator: "<br/>")
    }

    /// A piece's text escaped, its pronunciations as ``EPUBPronunciations`` writes them.
    private mutating func markup(_ piece: Piece) -> String {
        let runs = EPUBPronunciations.runs(piece.pronunciations, count: piece.scalarCount)
        if runs.contains(where: { if case .phonemes = $0.spoken { true } else { false } }) { usesPhonemes = true }
        return EPUBPronunciations.markup(piece.text, runs: runs, aliases: &aliases)
    }

    /// Adds an utterance to the block being gathered; one whose trailing
    /// white space holds a line break ends the block.
    private mutating func add(_ utterance: Utterance) {
        block.append(utterance)
        if utterance.endsBlock { writeBlock() }
    }

    /// Writes the gathered utterances as a paragraph, or as preformatted
    /// text when a line break is inside them (verse, code: the importers
    /// keep line breaks only there), without the white space at its ends.
    private mutating func writeBlock() {
        defer { block.removeAll() }
        let isNote = block.first { !$0.text.allSatisfy(\.isWhitespace) }?.isNote ?? false
        var pieces = block.map { utterance in
            Piece(text: utterance.text, language: LanguageTag.sanitized(utterance.language).flatMap { $0 == bookLanguage ? nil : $0 },
                pronunciations: utterance.pronunciations)
        }
        while let first = pieces.first, first.text.allSatisfy(\.isWhitespace) { pieces.removeFirst() }
        while let last = pieces.last, last.text.allSatisfy(\.isWhitespace) { pieces.removeLast() }
        guard !pieces.isEmpty else { return }
        pieces[0].dropLeadingWhitespace()
        pieces[pieces.count - 1].dropLeadingWhitespace()
        pieces[pieces.count - 1].text = Self.trimmed(Substring(pieces[pieces.count - 1].text))
        if !isNotesPage, isNote != isInNotes {
            body += isNote ? Self.notesOpening : "</section>\n"
            isInNotes = isNote
        }
        // A line feed's byte (in "\r\n" too), not Foundation's substring search.
        let element = pieces.contains { $0.text.utf8.contains(UInt8(ascii: "\n")) } ? "pre" : "p"
        body += "<\(element)>"
        for piece in Self.joiningLanguages(pieces) {
            let text = markup(piece)
            if let language = piece.language {
                let tag = XMLText.escaped(language)
                body += "<span xml:lang=\"\(tag)\" lang=\"\(tag)\">\(text)</span>"
            } else {
                body += text
            }
        }
        body += "</\(element)>\n"
    }

    /// The pieces with each run of one language joined into one (a
    /// pronunciation continued over per-word utterances lies in one piece).
    private static func joiningLanguages(_ pieces: [Piece]) -> [Piece] {
        var joined: [Piece] = []
        for piece in pieces {
            if let last = joined.indices.last, joined[last].language == piece.language {
                joined[last].append(piece)
            } else {
                joined.append(piece)
            }
        }
        return joined
    }

    /// `text` without the white space at its ends (as one slice: building
    /// it from a reversed reversal went a Character at a time, half of a
    /// book's conversion).
    private static func trimmed(_ text: Substring) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}
