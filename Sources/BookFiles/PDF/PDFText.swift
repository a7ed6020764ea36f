/// One line of a PDF page's text, as poppler lays it out, with the place
/// and type it is set in: what the importer's layout rules work on.
package struct PDFTextLine: Hashable, Sendable {
    /// The line's characters, without its line break.
    package var text: String
    /// Edges of the line's box in points, from the page's top-left corner.
    package var left: Double
    package var top: Double
    package var right: Double
    package var bottom: Double
    /// The size of the type most of the line is set in, in points.
    package var fontSize: Double
    /// Whether most of the line is set in a bold face.
    package var isBold: Bool

    package init(
        _ text: String, left: Double = 72, top: Double, right: Double = 540, bottom: Double? = nil, fontSize: Double = 12,
        isBold: Bool = false
    ) {
        self.text = text
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom ?? top + fontSize
        self.fontSize = fontSize
        self.isBold = isBold
    }
}

/// A PDF page's text lines in reading order, and the page's size.
package struct PDFTextPage: Hashable, Sendable {
    package var width: Double
    package var height: Double
    package var lines: [PDFTextLine]

    package init(width: Double = 612, height: Double = 792, lines: [PDFTextLine]) {
        self.width = width
        self.height = height
        self.lines = lines
    }
}

/// One entry of a PDF's outline (its bookmarks): a title and the place it
/// leads to.
package struct PDFOutlineEntry: Hashable, Sendable {
    package var title: String
    /// 0 for the outline's top level, 1 for its children, and so on.
    package var depth: Int
    /// The page the entry leads to, counted from 0.
    package var page: Int
    /// How far down the page, in points from its top; nil for the whole page.
    package var top: Double?

    package init(_ title: String, depth: Int = 0, page: Int, top: Double? = nil) {
        self.title = title
        self.depth = depth
        self.page = page
        self.top = top
    }
}

/// The document information dictionary and the XMP metadata packet of a PDF.
package struct PDFInfo: Hashable, Sendable {
    package var title: String?
    package var author: String?
    package var subject: String?
    package var keywords: String?
    /// The creation date as `2026-12-03`.
    package var creationDate: String?
    /// The XMP packet (RDF/XML), when the document has one.
    package var xmp: [UInt8]?

    package init(
        title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
        creationDate: String? = nil, xmp: [UInt8]? = nil
    ) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creationDate = creationDate
        self.xmp = xmp
    }
}
