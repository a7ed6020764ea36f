import Rendering

/// A paragraph of a command's discussion: running text, or a heading line
/// ending in a colon followed by indented lines (`Examples:`, `Keys:`),
/// which are shown as they are.
struct DiscussionBlock: Equatable {
    /// The heading line of an indented block (`Examples:`); nil for running text.
    var heading: String?
    /// The lines, without their indentation for a block.
    var lines: [String]

    /// The blocks of `discussion`, which separates them by blank lines.
    static func parse(_ discussion: String) -> [DiscussionBlock] {
        discussion.components(separatedBy: "\n\n").compactMap { text in
            let lines = text.split(separator: "\n").map(String.init)
            guard let first = lines.first else { return nil }
            let rest = lines.dropFirst()
            if first.hasSuffix(":"), !rest.isEmpty, rest.allSatisfy({ $0.hasPrefix("  ") }) {
                return DiscussionBlock(heading: first, lines: rest.map { String($0.drop { $0 == " " }) })
            }
            return DiscussionBlock(heading: nil, lines: lines)
        }
    }

    /// The block as man(7) source.
    var roff: String {
        let body = lines.map(ManPage.escape).joined(separator: "\n")
        guard let heading else { return ".PP\n" + body + "\n" }
        return ".PP\n\(ManPage.escape(heading))\n.RS 4\n.nf\n\(body)\n.fi\n.RE\n"
    }
}
