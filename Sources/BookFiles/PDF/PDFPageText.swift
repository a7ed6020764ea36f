import CPoppler

/// A page's text as poppler lays it out, cut into ``PDFTextLine``s: the
/// page's text in reading order (``poppler_page_get_text``), one box per
/// character (``poppler_page_get_text_layout``) and the font of each run of
/// characters (``poppler_page_get_text_attributes``), all three counted in
/// the same characters.
enum PDFPageText {
    static func read(_ page: OpaquePointer, _ poppler: Poppler) -> PDFTextPage {
        var width = 0.0, height = 0.0
        poppler.page_get_size(page, &width, &height)
        guard let text = poppler.take(poppler.page_get_text(page)) else {
            return PDFTextPage(width: width, height: height, lines: [])
        }
        var boxes: UnsafeMutablePointer<CPopplerRectangle>?
        var boxCount: UInt32 = 0
        if poppler.page_get_text_layout(page, &boxes, &boxCount) == 0 { boxCount = 0 }
        defer { poppler.free(boxes) }
        let fonts = FontRuns(poppler.page_get_text_attributes(page), poppler)
        var builder = LineBuilder(fonts: fonts)
        for (index, scalar) in text.unicodeScalars.enumerated() {
            let box = index < Int(boxCount) ? boxes?[index] : nil
            builder.add(scalar, at: index, box: box)
        }
        builder.endLine()
        return PDFTextPage(width: width, height: height, lines: builder.lines)
    }

    /// The font size and boldness of each run of characters, looked up in order.
    struct FontRuns {
        struct Run {
            var end: Int
            var size: Double
            var isBold: Bool
        }

        private(set) var runs: [Run] = []
        private var current = 0

        init(_ list: UnsafeMutablePointer<CPopplerList>?, _ poppler: Poppler) {
            defer { poppler.page_free_text_attributes(list) }
            var node = list
            while let item = node {
                if let data = item.pointee.data {
                    let attributes = data.assumingMemoryBound(to: CPopplerTextAttributes.self).pointee
                    let name = attributes.font_name.map { String(cString: $0) } ?? ""
                    runs.append(Run(end: Int(attributes.end_index), size: attributes.font_size, isBold: Self.isBold(name)))
                }
                node = item.pointee.next
            }
        }

        /// The run holding character `index`; characters must be asked for in order.
        mutating func run(at index: Int) -> Run? {
            while current < runs.count, runs[current].end < index { current += 1 }
            return current < runs.count ? runs[current] : runs.last
        }

        private static func isBold(_ name: String) -> Bool {
            ["Bold", "Black", "Heavy", "Semibold", "SemiBold", "Demi"].contains { name.contains($0) }
        }
    }

    /// Gathers characters into lines, each with its box and its most used font.
    struct LineBuilder {
        var fonts: FontRuns
        private(set) var lines: [PDFTextLine] = []
        private var text = String.UnicodeScalarView()
        private var box: (left: Double, top: Double, right: Double, bottom: Double)?
        /// Characters per font (size, bold) on the open line, in the order met.
        private var fontCounts: [(font: FontKey, count: Int)] = []

        struct FontKey: Hashable {
            var size: Double
            var isBold: Bool
        }

        init(fonts: FontRuns) {
            self.fonts = fonts
        }

        mutating func add(_ scalar: Unicode.Scalar, at index: Int, box: CPopplerRectangle?) {
            if scalar == "\n" { return endLine() }
            text.append(scalar)
            guard scalar != " ", !(scalar.value > 0x7F && scalar.properties.isWhitespace) else { return }
            if let box, box.x1.isFinite, box.y1.isFinite, box.x2.isFinite, box.y2.isFinite { extend(box) }
            if let run = fonts.run(at: index) { count(FontKey(size: run.size, isBold: run.isBold)) }
        }

        /// Counts one character set in `font` (lines hold few fonts: a list is quickest).
        private mutating func count(_ font: FontKey) {
            if let index = fontCounts.lastIndex(where: { $0.font == font }) {
                fontCounts[index].count += 1
            } else {
                fontCounts.append((font, 1))
            }
        }

        private mutating func extend(_ rectangle: CPopplerRectangle) {
            let left = min(rectangle.x1, rectangle.x2), right = max(rectangle.x1, rectangle.x2)
            let top = min(rectangle.y1, rectangle.y2), bottom = max(rectangle.y1, rectangle.y2)
            guard let open = box else { return box = (left, top, right, bottom) }
            box = (min(open.left, left), min(open.top, top), max(open.right, right), max(open.bottom, bottom))
        }

        mutating func endLine() {
            defer {
                text = String.UnicodeScalarView()
                box = nil
                fontCounts.removeAll(keepingCapacity: true)
            }
            let line = String(text)
            guard let box else { return }
            let font = fontCounts.max { $0.count < $1.count || ($0.count == $1.count && $0.font.size < $1.font.size) }?.font
            lines.append(PDFTextLine(line, left: box.left, top: box.top, right: box.right, bottom: box.bottom,
                fontSize: font?.size ?? box.bottom - box.top, isBold: font?.isBold ?? false))
        }
    }
}
