import BookFiles

/// A line of a PDF's text flow: its pages' lines one after another, each
/// with the page it is on.
struct FlowLine: Hashable, Sendable {
    var line: PDFTextLine
    /// The page, from 0.
    var page: Int

    /// The lines of `pages`, in order.
    static func flow(_ pages: [PDFTextPage]) -> [FlowLine] {
        pages.enumerated().flatMap { page, content in content.lines.map { FlowLine(line: $0, page: page) } }
    }
}

/// Where a page's body text stands: its left margin and right edge, and
/// the distance from one line to the next.
struct PageGeometry: Hashable, Sendable {
    var left: Double
    var right: Double
    var leading: Double

    /// Each page's geometry, from the lines set in the body's type size;
    /// a page with too few such lines takes the document's.
    static func measure(_ lines: [FlowLine], bodySize: Double) -> [Int: PageGeometry] {
        let body = lines.filter { abs($0.line.fontSize - bodySize) < 0.6 }
        let whole = PageGeometry(body.map(\.line), bodySize: bodySize)
        var pages: [Int: PageGeometry] = [:]
        for (page, lines) in Dictionary(grouping: body, by: \.page) {
            let own = PageGeometry(lines.map(\.line), bodySize: bodySize)
            pages[page] = lines.count >= 4 ? PageGeometry(left: own.left, right: own.right, leading: whole.leading) : whole
        }
        return pages.isEmpty ? [-1: whole] : pages.merging([-1: whole]) { $1 }
    }

    /// The geometry of body `lines` in reading order: the most common left
    /// edge, the furthest right one, the median step down from line to line.
    init(_ lines: [PDFTextLine], bodySize: Double) {
        let lefts = Dictionary(grouping: lines, by: { $0.left.rounded() }).mapValues(\.count)
        left = lefts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
        right = lines.map(\.right).max() ?? 0
        let steps = zip(lines, lines.dropFirst()).map { $1.top - $0.top }.filter { $0 > 0 && $0 < bodySize * 3 }.sorted()
        leading = steps.isEmpty ? bodySize * 1.2 : steps[steps.count / 2]
    }

    init(left: Double, right: Double, leading: Double) {
        self.left = left
        self.right = right
        self.leading = leading
    }
}
