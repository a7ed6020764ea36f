import BookModel
import TextPrimitives

/// Gathers the text of a document's paragraphs run by run and closes them
/// into ``TextBlock``s: the part every single-document reader shares.
struct BlockCollector {
    /// The blocks closed so far.
    private(set) var blocks: [TextBlock] = []
    /// For each block, the UTF-8 bytes of its text inside links to other
    /// places of the document (a table of contents is mostly such links).
    private(set) var linkedBytes: [Int] = []
    private var runs: [TextRun] = []
    private var openLinkedBytes = 0
    /// The resource ``TextRun/source`` names (the file, an archive entry).
    let resource: String?

    init(resource: String?) {
        self.resource = resource
    }

    /// Adds text to the open block, joined to the last run when its style is the same.
    mutating func append(_ text: String, emphasized: Bool = false, line: Int? = nil, linked: Bool = false) {
        guard !text.isEmpty else { return }
        if linked { openLinkedBytes += text.utf8.count }
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
        defer {
            runs.removeAll(keepingCapacity: true)
            openLinkedBytes = 0
        }
        guard hasOpenText else { return }
        blocks.append(TextBlock(kind, runs: runs))
        linkedBytes.append(openLinkedBytes)
    }

    /// Hands over the closed blocks, leaving none.
    mutating func takeBlocks() -> [TextBlock] {
        defer {
            blocks = []
            linkedBytes = []
        }
        return blocks
    }

    /// Whether `text` holds anything but whitespace.
    static func hasVisibleText(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.properties.isWhitespace }
    }
}
