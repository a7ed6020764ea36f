import BookModel
import TextPrimitives

/// Gathers the text of a document's paragraphs run by run and closes them
/// into ``TextBlock``s: the part every single-document reader shares.
struct BlockCollector {
    /// The blocks closed so far.
    private(set) var blocks: [TextBlock] = []
    private var runs: [TextRun] = []
    /// The resource ``TextRun/source`` names (the file, an archive entry).
    let resource: String?

    init(resource: String?) {
        self.resource = resource
    }

    /// Adds text to the open block, joined to the last run when its style is the same.
    mutating func append(_ text: String, emphasized: Bool = false, line: Int? = nil) {
        guard !text.isEmpty else { return }
        if let last = runs.last, last.isEmphasized == emphasized {
            runs[runs.count - 1].text += text
        } else {
            let source = SourceLocation(resource: resource, line: line.flatMap { $0 > 0 ? $0 : nil })
            runs.append(TextRun(text, isEmphasized: emphasized, source: source))
        }
    }

    /// Whether the open block holds anything but whitespace.
    var hasOpenText: Bool { runs.contains { Self.hasVisibleText($0.text) } }

    /// Closes the open block as `kind`; one with only whitespace is dropped.
    mutating func flush(as kind: TextBlock.Kind) {
        defer { runs.removeAll(keepingCapacity: true) }
        guard hasOpenText else { return }
        blocks.append(TextBlock(kind, runs: runs))
    }

    /// Hands over the closed blocks, leaving none.
    mutating func takeBlocks() -> [TextBlock] {
        defer { blocks = [] }
        return blocks
    }

    /// Whether `text` holds anything but whitespace.
    static func hasVisibleText(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.properties.isWhitespace }
    }
}
