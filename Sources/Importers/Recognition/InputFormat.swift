import BookFiles

/// The kinds of input narrate can import, recognised by their content.
public enum InputFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case xmlPropertyList = "XML plist"
    case binaryPropertyList = "binary plist"
    case jsonPropertyList = "JSON plist"
    case epub = "EPUB"
    case plainText = "plain text"
    /// A FictionBook 2 document, or a zip holding one (`.fb2.zip`).
    case fictionBook = "FB2"
    /// A single HTML or XHTML page, or calibre's zipped HTML (`.htmlz`).
    case html = "HTML"
    /// A Word document (Office Open XML, `.docx`).
    case wordDocument = "DOCX"
    /// An OpenDocument text (`.odt`).
    case openDocumentText = "ODT"
    /// A Kindle book without DRM: MOBI, AZW3 (KF8) or PRC, read through libmobi.
    case mobi = "MOBI"
    /// A Markdown document (CommonMark or GitHub's), known by its name (`.md`, `.markdown`).
    case markdown = "Markdown"
    /// A PDF document with a text layer.
    case pdf = "PDF"

    /// What content of this format looks like, for refusals: `plain text`,
    /// `a zip archive`, `an XML property list`.
    public var description: String {
        switch self {
        case .xmlPropertyList: "an XML property list"
        case .binaryPropertyList: "a binary property list"
        case .jsonPropertyList: "JSON"
        case .epub: "a zip archive"
        case .plainText: "plain text"
        case .fictionBook: "a FictionBook (FB2) e-book"
        case .html: "an HTML page"
        case .wordDocument: "a Word document (DOCX)"
        case .openDocumentText: "an OpenDocument text (ODT)"
        case .mobi: "a Kindle book (MOBI, AZW3 or PRC)"
        case .markdown: "a Markdown document"
        case .pdf: "a PDF document"
        }
    }

    /// Recognises what the first bytes of an input (at least 4096 of them,
    /// or all of a shorter one) are, and checks them against the promise of
    /// the file's name.
    /// - Parameters:
    ///   - size: the input's whole length in bytes.
    ///   - fileName: the name the user gave; nil for standard input.
    /// - Returns: the format to read it as. A zip is ``epub``: what kind of
    ///   zip it is (an EPUB, a DOCX, an ODT, a zipped FB2 or HTML) is known
    ///   only once it is open (``ZipContents``).
    /// - Throws: ``ImportError/empty`` for 0 bytes,
    ///   ``ImportError/notABook(_:)`` for PostScript, images, archives, programs,
    ///   other markup and binary data, ``ImportError/mismatchedName(extension:expected:found:)``
    ///   when the name promises another format.
    public static func recognise(_ head: [UInt8], size: Int, fileName: String?) throws(ImportError) -> InputFormat {
        guard size > 0 else { throw .empty }
        if let foreign = ForeignFormat.recognise(head) { throw .notABook(foreign) }
        var format = sniff(head)
        // The name decides between text-like formats: a README that opens
        // with an HTML block is still Markdown (a whole page, `<html>` or an
        // HTML DOCTYPE, is HTML whatever its name), a page that opens with
        // text is still HTML.
        if format == .html, let fileName, isMarkdown(fileName), MarkupRoot(head)?.isWholeHTMLPage == false {
            return .markdown
        }
        if format == .plainText, let fileName, isHTML(fileName), TextSample(head: head, size: size).isText {
            format = .html
        }
        if format == .plainText {
            let sample = TextSample(head: head, size: size)
            guard sample.isText else {
                var binary = ForeignFormat.binaryData
                binary.name += " (\(sample.account))"
                throw .notABook(binary)
            }
        }
        if format == .plainText, let fileName, isMarkdown(fileName) { return .markdown }
        if format != .epub, let fileName, let refusal = FileNamePromise(fileName: fileName)?.check(format, fileName: fileName) {
            throw refusal
        }
        return format
    }

    /// The readable format the first bytes look like, from content alone: a
    /// Palm database of type `BOOKMOBI` or `TEXtREAd` is a Kindle book, a
    /// zip is an EPUB, markup whose root is `<FictionBook>` is FB2, `<html>`
    /// (or another HTML element, or an HTML DOCTYPE) HTML, markup that may be a plist is a plist, a brace opens JSON,
    /// anything else is plain text.
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> InputFormat where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(4096))
        if head.starts(with: Array("bplist0".utf8)) { return .binaryPropertyList }
        if PalmDatabase.isBook(head) { return .mobi }
        if head.starts(with: Array("%PDF-".utf8)) { return .pdf }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return .epub
        }
        if let markup = MarkupRoot(head) {
            if markup.element == "plist" || markup.doctype == "plist" { return .xmlPropertyList }
            if let format = markup.readableDocument { return format }
        }
        let text = String(decoding: skippingBOM(head.prefix(512)), as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<!DOCTYPE plist") || trimmed.hasPrefix("<plist") {
            if text.contains("<plist") || text.contains("PropertyList") { return .xmlPropertyList }
        }
        // Prose does not open with a brace; the JSON form always does.
        if trimmed.hasPrefix("{") { return .jsonPropertyList }
        return .plainText
    }

    /// Text is Markdown when its name says so: `.md`, `.markdown` (any case).
    private static func isMarkdown(_ fileName: String) -> Bool {
        let name = fileName.lowercased()
        return name.hasSuffix(".md") || name.hasSuffix(".markdown")
    }

    /// A page is HTML when its name says so: `.html`, `.htm`, `.xhtml` (any case).
    private static func isHTML(_ fileName: String) -> Bool {
        let name = fileName.lowercased()
        return name.hasSuffix(".html") || name.hasSuffix(".htm") || name.hasSuffix(".xhtml")
    }

    private static func skippingBOM(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes
    }
}
