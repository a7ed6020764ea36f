import CPoppler

/// A PDF document opened from its bytes with poppler-glib: the only code
/// that knows poppler exists. It hands out plain values — each page's text
/// lines with their places and type sizes, the outline, the document
/// information — and keeps poppler's messages off the terminal.
package final class PDFDocument {
    private let document: OpaquePointer
    /// The bytes poppler reads from, held as long as the document.
    private let bytes: OpaquePointer

    /// Opens the PDF in `bytes` (copied).
    /// - Throws: ``PDFError/encrypted`` when it needs a password,
    ///   ``PDFError/damaged(_:)`` with poppler's message when it cannot be read.
    package init(bytes: [UInt8]) throws(PDFError) {
        PopplerMessages.silence()
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        guard let data else { throw .damaged("out of memory") }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(data, nil, &error) else {
            g_bytes_unref(data)
            throw Self.error(error)
        }
        self.document = document
        self.bytes = data
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(document))
        g_bytes_unref(bytes)
    }

    /// The version of the poppler loaded at run time: `22.12.0`.
    package static var libraryVersion: String { String(cString: poppler_get_version()) }

    /// The number of pages.
    package var pageCount: Int { Int(max(0, poppler_document_get_n_pages(document))) }

    /// The document information dictionary and the XMP packet.
    package var info: PDFInfo {
        var info = PDFInfo(
            title: Self.take(poppler_document_get_title(document)), author: Self.take(poppler_document_get_author(document)),
            subject: Self.take(poppler_document_get_subject(document)),
            keywords: Self.take(poppler_document_get_keywords(document)))
        if let date = poppler_document_get_creation_date_time(document) {
            defer { g_date_time_unref(date) }
            info.creationDate = Self.take(g_date_time_format(date, "%Y-%m-%d"))
        }
        info.xmp = Self.take(poppler_document_get_metadata(document)).map { Array($0.utf8) }
        return info
    }

    /// The text of the page at `index` (from 0), line by line in reading
    /// order; no lines for a page without text or that cannot be read.
    package func textPage(at index: Int) -> PDFTextPage {
        guard index >= 0, index < pageCount, let page = poppler_document_get_page(document, Int32(index)) else {
            return PDFTextPage(lines: [])
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return PDFPageText.read(page)
    }

    /// The outline (bookmarks) in document order, children after their
    /// parent; entries that lead nowhere in the document are left out.
    /// - Parameter limit: the most entries read (a hostile outline can be endless).
    package func outline(limit: Int = 10_000) -> [PDFOutlineEntry] {
        guard let iterator = poppler_index_iter_new(document) else { return [] }
        defer { poppler_index_iter_free(iterator) }
        var reader = PDFOutlineReader(document: document, pageCount: pageCount, limit: limit)
        reader.walk(iterator, depth: 0)
        return reader.entries
    }

    /// The one-line error of a failed open.
    private static func error(_ error: UnsafeMutablePointer<GError>?) -> PDFError {
        guard let error else { return .damaged("poppler could not read it") }
        defer { g_error_free(error) }
        if error.pointee.domain == poppler_error_quark(), error.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
            return .encrypted
        }
        let message = error.pointee.message.map { String(cString: $0) } ?? "poppler could not read it"
        return .damaged(message.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    /// A string poppler allocated, freed; nil for none or an empty one.
    static func take(_ text: UnsafeMutablePointer<gchar>?) -> String? {
        guard let text else { return nil }
        defer { g_free(text) }
        let string = String(cString: text)
        return string.isEmpty ? nil : string
    }
}

/// poppler reports problems of the files it reads through GLib's log (or,
/// before a document exists, on standard error): they are the importer's
/// to report, in one line, so they are dropped here.
enum PopplerMessages {
    private static let installed: Void = {
        g_log_set_handler("Poppler", GLogLevelFlags(rawValue: ~0), { _, _, _, _ in }, nil)
    }()

    static func silence() { installed }
}
