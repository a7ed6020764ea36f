/// A block's text made ready for segmentation: runs joined, whitespace
/// normalised (every run of spaces, tabs and line breaks becomes one space,
/// except line breaks in preformatted text), the ends trimmed, a list item's
/// marker written in front, and for every scalar the run it came from.
struct PreparedBlock {
    /// The normalised text.
    private(set) var scalars: [Unicode.Scalar] = []
    /// Emphasis from the runs, per scalar.
    private(set) var emphasized: [Bool] = []
    /// `(offset, run index)` where each run's text starts in ``scalars``.
    private(set) var runStarts: [(offset: Int, run: Int)] = []
    let block: TextBlock

    init(_ block: TextBlock) {
        self.block = block
        let keepsLines = block.kind == .preformatted
        if case .listItem(let marker?) = block.kind, !marker.isEmpty {
            append(TextRun(marker + " "), index: -1, keepsLines: false)
        }
        for (index, run) in block.runs.enumerated() {
            append(run, index: index, keepsLines: keepsLines)
        }
        trimTrailingWhitespace()
    }

    /// The run a scalar offset belongs to; nil for the list marker.
    func run(at offset: Int) -> TextRun? {
        var low = 0
        var high = runStarts.count  // binary search: the last start at or before offset
        while low < high {
            let middle = (low + high) / 2
            if runStarts[middle].offset <= offset { low = middle + 1 } else { high = middle }
        }
        let index = low > 0 ? runStarts[low - 1].run : -1
        return block.runs.indices.contains(index) ? block.runs[index] : nil
    }

    private mutating func append(_ run: TextRun, index: Int, keepsLines: Bool) {
        runStarts.append((scalars.count, index))
        for scalar in run.text.unicodeScalars {
            if scalar == "\r" { continue }
            if Self.isSpace(scalar) || (scalar == "\n" && !keepsLines) {
                appendSpace(" ")
            } else if scalar == "\n" {
                appendLineBreak()
            } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                continue  // control characters are not text
            } else {
                scalars.append(scalar)
                emphasized.append(run.isEmphasized)
            }
        }
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{000B}" || scalar == "\u{000C}"
    }

    /// One space, never at the start or after another space or line break.
    private mutating func appendSpace(_ space: Unicode.Scalar) {
        guard let last = scalars.last, last != " ", last != "\n" else { return }
        scalars.append(space)
        emphasized.append(false)
    }

    /// A line break replaces the spaces before it; none at the start.
    private mutating func appendLineBreak() {
        trimTrailingWhitespace()
        guard !scalars.isEmpty else { return }
        scalars.append("\n")
        emphasized.append(false)
    }

    private mutating func trimTrailingWhitespace() {
        while let last = scalars.last, last == " " || last == "\n" {
            scalars.removeLast()
            emphasized.removeLast()
        }
    }
}
