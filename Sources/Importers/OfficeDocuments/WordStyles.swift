import BookFiles
import TextPrimitives

/// What a document's paragraph styles (`word/styles.xml`) mean for
/// reading: headings (a `heading N` or `Title` name, or an outline level,
/// inherited through `w:basedOn`), quotes and list paragraphs.
struct WordStyles {
    private struct Style {
        var name: String
        var basedOn: String?
        var outlineLevel: Int?
    }

    private var styles: [String: Style] = [:]

    /// The styles in `bytes`; none when there are no bytes or they are not XML.
    init(_ bytes: [UInt8]?) {
        guard let bytes, let document = try? XMLDocument.parse(bytes), let root = document.root else { return }
        for style in root.childElements where style.name == "style" {
            guard let id = WordNamespace.attribute("styleId", of: style) else { continue }
            let name = style.firstChild(named: "name").flatMap { WordNamespace.attribute("val", of: $0) } ?? id
            let basedOn = style.firstChild(named: "basedOn").flatMap { WordNamespace.attribute("val", of: $0) }
            let level = style.firstChild(named: "pPr").flatMap(Self.outlineLevel)
            styles[id] = Style(name: name.lowercased(), basedOn: basedOn, outlineLevel: level)
        }
    }

    /// The `w:outlineLvl` of a paragraph's or style's properties, 1-based;
    /// nil for body text (level 9) or none.
    static func outlineLevel(_ properties: XMLNode) -> Int? {
        guard let node = properties.firstChild(named: "outlineLvl"), let value = WordNamespace.attribute("val", of: node),
            let level = Int(value), (0..<9).contains(level)
        else { return nil }
        return level + 1
    }

    /// The block kind of a paragraph of style `id` (its own properties'
    /// outline level, if any, first).
    func kind(of id: String?, outlineLevel: Int?, isListItem: Bool) -> TextBlock.Kind {
        if let outlineLevel { return .heading(level: outlineLevel) }
        var current = id
        for _ in 0..<16 {  // basedOn chains are short; a cycle ends here
            guard let key = current, let style = styles[key] ?? Self.builtIn(key) else { break }
            if let kind = Self.kind(named: style.name, outlineLevel: style.outlineLevel) { return kind }
            current = style.basedOn
        }
        return isListItem ? .listItem(marker: nil) : .paragraph
    }

    /// A style id missing from styles.xml read by its id (`Heading1`).
    private static func builtIn(_ id: String) -> Style? {
        let lower = id.lowercased()
        if lower.hasPrefix("heading"), let level = Int(lower.dropFirst(7)) { return Style(name: "heading \(level)") }
        return lower == "title" ? Style(name: "title") : nil
    }

    private static func kind(named name: String, outlineLevel: Int?) -> TextBlock.Kind? {
        if name == "title" { return .heading(level: 1) }
        if name == "subtitle" { return .heading(level: 2) }
        if name.hasPrefix("heading "), let level = Int(name.dropFirst(8)), (1...9).contains(level) {
            return .heading(level: min(level, 6))
        }
        if let outlineLevel { return .heading(level: min(outlineLevel, 6)) }
        if ["quote", "intense quote", "block text"].contains(name) { return .blockQuote }
        if name == "list paragraph" { return .listItem(marker: nil) }
        return nil
    }
}
