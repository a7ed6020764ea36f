import BookFiles
import Exporters

/// The XHTML of one page of a generated read-along book: its picture, its
/// title as heading, and its utterances as paragraphs, each utterance (or
/// each word) in a `<span id>` tied to its clip; an utterance in another
/// language than the book's carries `xml:lang`; line breaks inside an
/// utterance (verse) are `<br/>`. Generated text, escaped.
struct GeneratedPageDocument {
    private(set) var clips: [MediaOverlay.Clip] = []
    private(set) var bytes: [UInt8] = []
    private var body = ""
    private var paragraphOpen = false
    private var counter = 0
    private let sync: SyncLevel

    /// - Parameters:
    ///   - image: the picture's href from the page, if it has one.
    ///   - styleSheet: the read-along CSS's href from the page.
    init(page: GeneratedReadAlong.Page, image: String?, styleSheet: String, language: String, sync: SyncLevel) {
        self.sync = sync
        if let image { body += "<figure><img src=\"\(XMLText.escaped(image))\" alt=\"\"/></figure>\n" }
        var utterances = page.utterances[...]
        let headingCount = Self.headingUtterances(page.title, in: utterances)
        if headingCount > 0 {
            // The heading as the text says it: "I" and "Down the
            // Rabbit-Hole" for the title "I. Down the Rabbit-Hole".
            body += "<h1>"
            for (offset, utterance) in utterances.prefix(headingCount).enumerated() {
                if offset > 0 { body += "<br/>" }
                add(utterance)
                if body.hasSuffix(" ") { body.removeLast() }
            }
            body += "</h1>\n"
            utterances = utterances.dropFirst(headingCount)
        } else {
            body += "<h1>\(XMLText.escaped(page.title))</h1>\n"
        }
        for utterance in utterances { add(utterance) }
        closeParagraph()
        let lang = XMLText.escaped(language)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(lang)" lang="\(lang)">
            <head><meta charset="utf-8"/><title>\(XMLText.escaped(page.title))</title>
            <link rel="stylesheet" type="text/css" href="\(XMLText.escaped(styleSheet))"/></head>
            <body>
            <section id="\(Self.sectionID)" epub:type="chapter">
            \(body)</section>
            </body>
            </html>

            """
        bytes = Array(text.utf8)
    }

    /// Writes an utterance: its white space outside, its text in a span
    /// (sentence) or its words in spans (word); a line break at its end ends
    /// the paragraph.
    private mutating func add(_ utterance: TimedUtterance) {
        let scalars = Array(utterance.text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else {
            if utterance.text.contains("\n") { closeParagraph() } else { body += utterance.text.isEmpty ? "" : " " }
            return
        }
        if !body.hasSuffix("<h1>"), !body.hasSuffix("<br/>") { openParagraph() }
        let lang = utterance.language.map { " xml:lang=\"\(XMLText.escaped($0))\" lang=\"\(XMLText.escaped($0))\"" } ?? ""
        switch sync {
        case .sentence:
            let id = nextID("s")
            body += "<span id=\"\(id)\"\(lang)>" + Self.text(scalars[first...last]) + "</span>"
            addClip(id, begin: utterance.begin, end: utterance.end)
        case .word:
            if !lang.isEmpty { body += "<span\(lang)>" }
            var position = first
            for word in utterance.words {
                let range = max(word.range.lowerBound, position)..<min(word.range.upperBound, last + 1)
                guard !range.isEmpty else { continue }
                body += Self.text(scalars[position..<range.lowerBound])
                let id = nextID("w")
                body += "<span id=\"\(id)\">" + Self.text(scalars[range]) + "</span>"
                addClip(id, begin: word.begin, end: word.end)
                position = range.upperBound
            }
            body += Self.text(scalars[min(position, last + 1)..<(last + 1)])
            if !lang.isEmpty { body += "</span>" }
        }
        let trailing = scalars[(last + 1)...]
        if trailing.contains("\n") { closeParagraph() } else if !trailing.isEmpty { body += " " }
    }

    private mutating func openParagraph() {
        guard !paragraphOpen else { return }
        body += "<p>"
        paragraphOpen = true
    }

    private mutating func closeParagraph() {
        if body.hasSuffix("<h1>") { return }
        guard paragraphOpen else { return }
        while body.hasSuffix(" ") { body.removeLast() }
        body += "</p>\n"
        paragraphOpen = false
    }

    /// The id of the page's `<section>` (no span's id has this form).
    static let sectionID = "narrate-page"

    private mutating func nextID(_ kind: String) -> String {
        counter += 1
        return "narrate-\(kind)\(counter)"
    }

    private mutating func addClip(_ id: String, begin: Double, end: Double) {
        let start = max(begin, clips.last?.end ?? 0)
        guard (end * 1000).rounded() > (start * 1000).rounded() else { return }
        clips.append(MediaOverlay.Clip(fragment: id, begin: start, end: end, sections: [Self.sectionID]))
    }

    /// Escaped text, its line breaks (verse) kept as `<br/>`.
    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return XMLText.escaped(text).replacingOccurrences(of: "\n", with: "<br/>\n")
    }

    /// How many of the first utterances spell out `title`, letters and
    /// digits compared; 0 when they do not (``EPUBHeading``).
    static func headingUtterances(_ title: String, in utterances: ArraySlice<TimedUtterance>) -> Int {
        EPUBHeading.utteranceCount(spelling: title, in: utterances.lazy.map(\.text))
    }
}
