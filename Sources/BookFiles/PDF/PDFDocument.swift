import CPoppler

/// A PDF document opened from its bytes with poppler-glib: the only code
/// that knows poppler exists. It hands out plain values — each page's text
/// lines with their places and type sizes, the outline, the document
/// information — and keeps poppler's messages off the terminal.
package final class PDFDocument {
    private let poppler: Poppler
    private let document: OpaquePointer
    /// The bytes poppler reads from, held as long as the document.
    private let bytes: OpaquePointer

    /// Opens the PDF in `bytes` (copied).
    /// - Throws: ``PDFError/encrypted`` when it needs a password,
    ///   ``PDFError/damaged(_:)`` with poppler's message when it cannot be read,
    ///   ``PDFError/unavailable(_:)`` when poppler-glib cannot be loaded.
    package init(bytes: [UInt8]) throws(PDFError) {
        let poppler = try Poppler.loaded()
        let data = bytes.withUnsafeBytes { poppler.bytes_new($0.baseAddress, $0.count) }
        guard let data else { throw .damaged("out of memory") }
        var error: UnsafeMutablePointer<CPopplerError>?
        guard let document = poppler.document_new_from_bytes(data, nil, &error) else {
            poppler.bytes_unref(data)
            throw Self.error(error, poppler)
        }
        self.poppler = poppler
        self.document = document
        self.bytes = data
    }

    deinit {
        poppler.object_unref(UnsafeMutableRawPointer(document))
        poppler.bytes_unref(bytes)
    }

    /// The version of the poppler loaded at run time (`22.12.0`), or why it cannot be loaded.
    package static var libraryVersion: String {
        do { return try Poppler.loaded().get_version().map { String(cString: $0) } ?? "unknown" } catch {
            return "not loaded: \(error)"
        }
    }

    /// The number of pages.
    package var pageCount: Int { Int(max(0, poppler.document_get_n_pages(document))) }

    /// The document information dictionary and the XMP packet.
    package var info: PDFInfo {
        var info = PDFInfo(
            title: poppler.take(poppler.document_get_title(document)), author: poppler.take(poppler.document_get_author(document)),
            subject: poppler.take(poppler.document_get_subject(document)),
            keywords: poppler.take(poppler.document_get_keywords(document)))
        if let date = poppler.document_get_creation_date_time(document) {
            defer { poppler.date_time_unref(date) }
            info.creationDate = poppler.take(poppler.date_time_format(date, "%Y-%m-%d"))
        }
        info.xmp = poppler.take(poppler.document_get_metadata(document)).map { Array($0.utf8) }
        return info
    }

    /// The text of the page at `index` (from 0), line by line in reading
    /// order; no lines for a page without text or that cannot be read.
    package func textPage(at index: Int) -> PDFTextPage {
        guard index >= 0, index < pageCount, let page = poppler.document_get_page(document, Int32(index)) else {
            return PDFTextPage(lines: [])
        }
        defer { poppler.object_unref(UnsafeMutableRawPointer(page)) }
        return PDFPageText.read(page, poppler)
    }

    /// The page at `index` (from 0) drawn on white as a PNG whose longer
    /// side is `longestSide` pixels; nil when there is no such page or it
    /// cannot be drawn.
    package func picture(ofPage index: Int, longestSide: Int) -> [UInt8]? {
        guard index >= 0, index < pageCount, let page = poppler.document_get_page(document, Int32(index)) else {
            return nil
        }
        defer { poppler.object_unref(UnsafeMutableRawPointer(page)) }
        return PDFPageDrawing.png(of: page, longestSide: longestSide, poppler)
    }

    /// The outline (bookmarks) in document order, children after their
    /// parent; entries that lead nowhere in the document are left out.
    /// - Parameter limit: the most entries read (a hostile outline can be endless).
    package func outline(limit: Int = 10_000) -> [PDFOutlineEntry] {
        guard let iterator = poppler.index_iter_new(document) else { return [] }
        defer { poppler.index_iter_free(iterator) }
        var reader = PDFOutlineReader(poppler: poppler, document: document, pageCount: pageCount, limit: limit)
        reader.walk(iterator, depth: 0)
        return reader.entries
    }

    /// The one-line error of a failed open.
    private static func error(_ error: UnsafeMutablePointer<CPopplerError>?, _ poppler: Poppler) -> PDFError {
        guard let error else { return .damaged("poppler could not read it") }
        defer { poppler.error_free(error) }
        if error.pointee.domain == poppler.error_quark(), error.pointee.code == Int32(CPOPPLER_ERROR_ENCRYPTED) {
            return .encrypted
        }
        let message = error.pointee.message.map { String(cString: $0) } ?? "poppler could not read it"
        return .damaged(message.split(whereSeparator: \.isNewline).joined(separator: " "))
    }
}

/// poppler-glib's functions, loaded once per process (`CPoppler`), with
/// poppler's own log silenced: it reports problems of the files it reads,
/// which are the importer's to report in one line.
typealias Poppler = CPopplerFunctions

extension Poppler {
    /// The loaded library, or what to install.
    static func loaded() throws(PDFError) -> Poppler {
        var failure: UnsafePointer<CChar>?
        guard let functions = cpoppler_load(&failure) else {
            throw .unavailable(failure.map { String(cString: $0) } ?? "cannot load poppler-glib")
        }
        return functions.pointee
    }

    /// A string poppler allocated, freed; nil for none or an empty one.
    func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { self.free(text) }
        let string = String(cString: text)
        return string.isEmpty ? nil : string
    }
}
