import BookFiles
import TextPrimitives

/// What an OpenDocument text's styles (automatic ones in `content.xml`,
/// named ones in `styles.xml`) mean for reading: bold or italic text
/// styles are emphasis; `Title`, `Subtitle` and quotation paragraph
/// styles, and those with an outline level, change the block kind.
/// Parents (`style:parent-style-name`) are followed.
struct OpenDocumentStyles {
    private struct Style {
        var parent: String?
        var isEmphasized = false
        var outlineLevel: Int?
    }

    static let style = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
    static let formatting = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"

    private var styles: [String: Style] = [:]

    /// Adds the styles under `root` (a `content.xml` or `styles.xml` document element).
    mutating func add(_ root: XMLNode) {
        for group in root.childElements where group.name == "styles" || group.name == "automatic-styles" {
            for style in group.childElements where style.name == "style" {
                guard let name = style.attribute("name", namespace: Self.style) else { continue }
                styles[name] = Self.read(style)
            }
        }
    }

    private static func read(_ node: XMLNode) -> Style {
        var style = Style(parent: node.attribute("parent-style-name", namespace: Self.style))
        if let text = node.firstChild(named: "text-properties") {
            let weight = text.attribute("font-weight", namespace: formatting) ?? ""
            let posture = text.attribute("font-style", namespace: formatting) ?? ""
            style.isEmphasized = weight == "bold" || Int(weight).map { $0 >= 600 } == true || posture == "italic"
        }
        style.outlineLevel = node.attribute("default-outline-level", namespace: Self.style).flatMap { Int($0) }
        return style
    }

    /// Whether text of style `name` is emphasised.
    func isEmphasized(_ name: String?) -> Bool {
        chain(name).contains { $0.style.isEmphasized }
    }

    /// The block kind a paragraph of style `name` has; nil for plain paragraphs.
    func kind(ofParagraph name: String?) -> TextBlock.Kind? {
        for (styleName, style) in chain(name) {
            if let level = style.outlineLevel, level > 0 { return .heading(level: min(level, 6)) }
            switch styleName.lowercased() {
            case "title": return .heading(level: 1)
            case "subtitle": return .heading(level: 2)
            case "quotations", "quote", "quotation": return .blockQuote
            default: continue
            }
        }
        return nil
    }

    /// The style and its parents, nearest first (at most 16: a cycle ends there).
    private func chain(_ name: String?) -> [(name: String, style: Style)] {
        var result: [(String, Style)] = []
        var current = name
        while let key = current, result.count < 16 {
            guard let style = styles[key] else {
                result.append((key, Style()))
                break
            }
            result.append((key, style))
            current = style.parent
        }
        return result
    }
}
