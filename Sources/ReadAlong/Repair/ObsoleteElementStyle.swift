import BookFiles

/// Keeps the look of what the repair step changed, in narrate's style
/// sheet, which documents link after their own: the book's CSS rules for
/// `tt` (say) copied for the class the renamed elements carry
/// (`.narrate-tt`), and a list added around stray items without spacing.
enum ObsoleteElementStyle {
    /// The class of a `<ul>` the repair step put around stray list items.
    static let addedListClass = "narrate-list"
    /// Its rule: no margin or padding, so the items stand where they stood (bullets outside, as before).
    static let addedListRule = "ul.\(addedListClass) { margin: 0; padding: 0; }\n"

    /// The class a renamed element gets: `narrate-tt`.
    static func className(for element: String) -> String { "narrate-" + element }

    /// The rules of `css` whose selector list holds one of `elements` alone
    /// (`tt`, `h1, tt`; not `p tt`), rewritten for its class. Rules inside
    /// at-rules (`@media`) are left out.
    static func rules(in css: String, for elements: Set<String>) -> String {
        var output = ""
        for (selectors, body) in topLevelRules(withoutComments(css)) {
            let names = selectors.split(separator: ",").map { String($0).trimmingASCIIWhitespace().lowercased() }
            for name in names where elements.contains(name) {
                output += ".\(className(for: name)) {\(body)}\n"
            }
        }
        return output
    }

    private static func withoutComments(_ css: String) -> String {
        var result = ""
        var rest = Substring(css)
        while let open = rest.range(of: "/*") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "*/") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// `(selectors, declarations)` of each rule outside at-rules.
    private static func topLevelRules(_ css: String) -> [(String, String)] {
        var rules: [(String, String)] = []
        var prelude = ""
        var body = ""
        var depth = 0
        var atRule = false
        for character in css {
            switch (character, depth) {
            case ("{", 0):
                atRule = prelude.trimmingASCIIWhitespace().hasPrefix("@")
                depth = 1
            case ("{", _):
                depth += 1
            case ("}", 1):
                if !atRule { rules.append((prelude, body)) }
                (prelude, body, depth) = ("", "", 0)
            case ("}", 0):
                prelude = ""
            case ("}", _):
                depth -= 1
            case (";", 0):
                prelude = ""  // `@import …;`
            case (_, 0):
                prelude.append(character)
            default:
                if depth == 1 { body.append(character) }
            }
        }
        return rules
    }
}
