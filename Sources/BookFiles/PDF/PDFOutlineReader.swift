import CPoppler

/// Walks poppler's outline iterator, depth first, into ``PDFOutlineEntry``
/// values: each entry's title and the page and height its destination
/// names (named destinations looked up).
struct PDFOutlineReader {
    /// Outlines nested deeper than this are read to this depth.
    static let maximumDepth = 16

    let poppler: Poppler
    let document: OpaquePointer
    let pageCount: Int
    let limit: Int
    private(set) var entries: [PDFOutlineEntry] = []
    private var visited = 0

    init(poppler: Poppler, document: OpaquePointer, pageCount: Int, limit: Int) {
        self.poppler = poppler
        self.document = document
        self.pageCount = pageCount
        self.limit = limit
    }

    /// Reads the entries at the iterator's level and below.
    mutating func walk(_ iterator: OpaquePointer, depth: Int) {
        repeat {
            visited += 1
            guard visited <= limit else { return }
            if let action = poppler.index_iter_get_action(iterator) {
                defer { poppler.action_free(action) }
                if let entry = entry(action, depth: depth) { entries.append(entry) }
            }
            if depth + 1 < Self.maximumDepth, let child = poppler.index_iter_get_child(iterator) {
                defer { poppler.index_iter_free(child) }
                walk(child, depth: depth + 1)
            }
        } while poppler.index_iter_next(iterator) != 0
    }

    /// The entry of a go-to action inside the document; nil for others (links, scripts).
    private func entry(_ action: UnsafeMutablePointer<CPopplerGotoAction>, depth: Int) -> PDFOutlineEntry? {
        guard action.pointee.type == CPOPPLER_ACTION_GOTO_DEST else { return nil }
        let goto = action.pointee
        guard let raw = goto.title.map({ String(cString: $0) }), let dest = goto.dest else { return nil }
        let title = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !title.isEmpty else { return nil }
        guard dest.pointee.type == CPOPPLER_DEST_NAMED else { return place(of: dest.pointee, title: title, depth: depth) }
        guard let name = dest.pointee.named_dest, let named = poppler.document_find_dest(document, name) else { return nil }
        defer { poppler.dest_free(named) }
        return place(of: named.pointee, title: title, depth: depth)
    }

    /// Where `dest` leads: its page (from 0) and, when it says, its top
    /// measured from the top of the page.
    private func place(of dest: CPopplerDest, title: String, depth: Int) -> PDFOutlineEntry? {
        let page = Int(dest.page_num) - 1
        guard page >= 0, page < pageCount else { return nil }
        var entry = PDFOutlineEntry(title, depth: depth, page: page)
        if dest.change_top != 0, dest.type == CPOPPLER_DEST_XYZ || dest.type == CPOPPLER_DEST_FITH || dest.type == CPOPPLER_DEST_FITBH,
            let pageHandle = poppler.document_get_page(document, Int32(page))
        {
            defer { poppler.object_unref(UnsafeMutableRawPointer(pageHandle)) }
            var width = 0.0, height = 0.0
            poppler.page_get_size(pageHandle, &width, &height)
            if dest.top.isFinite, height > 0 { entry.top = max(0, height - dest.top) }
        }
        return entry
    }
}
