import TextPrimitives

/// One page's share of a single-file document (FB2, HTML, DOCX, ODT): its
/// title from the document's own structure and its blocks, before they are
/// cut into utterances.
struct DocumentSection: Hashable, Sendable {
    /// The section's title (an FB2 `<title>`, a heading); nil when it has none.
    var title: String?
    /// The blocks in reading order; a section with no text gives no page.
    var blocks: [TextBlock]
    /// The name ``SectionedPageStream/resource(at:)`` knows the section's
    /// first image by; nil when it has none.
    var backgroundImage: String?

    init(title: String? = nil, blocks: [TextBlock] = [], backgroundImage: String? = nil) {
        self.title = title
        self.blocks = blocks
        self.backgroundImage = backgroundImage
    }
}
