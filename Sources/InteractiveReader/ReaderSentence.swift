/// One sentence of a page: where it lies in the page text and which
/// paragraph it belongs to.
public struct ReaderSentence: Hashable, Sendable {
    /// Unicode-scalar offsets into the page text; leading and trailing space
    /// and a closing line break included.
    public var range: Range<Int>
    /// 0-based paragraph (line of the page text) number.
    public var paragraph: Int
}
