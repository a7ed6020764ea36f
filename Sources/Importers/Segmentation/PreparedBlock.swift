/// A block's text made ready for segmentation: runs joined, whitespace
/// normalised (every run of spaces, tabs and line breaks becomes one space,
/// except line breaks in preformatted text), the ends trimmed, a list item's
/// marker written in front, and for every scalar the run it came from.
struct PreparedBlock {
    /// The normalised text.
    private(set) var scalars: [Unicode.Scalar] = []
    /// `(offset, run index)` where each run's text starts in ``scalars``.
    private(set) var runStarts: [(offset: Int, run: Int)] = []
    let block: TextBlock

    init(_ block: TextBlock) {
        self.block = block
        let keepsLines = block.kind == .preformatted
        reserveCapacity(for: block)
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

    /// The parts of ``scalars`` that come from emphasised runs. (Whitespace
    /// at a run's edge may fall on either side: normalising moves it.)
    var emphasizedRanges: [Range<Int>] {
        runStarts.indices.compactMap { index in
            let (start, run) = runStarts[index]
            guard block.runs.indices.contains(run), block.runs[run].isEmphasized else { return nil }
            let end = index + 1 < runStarts.count ? runStarts[index + 1].offset : scalars.count
            let lower = min(start, scalars.count)
            return lower..<max(lower, min(end, scalars.count))
        }
    }

    /// Room for every scalar of the block (no more than its UTF-8 bytes).
    private mutating func reserveCapacity(for block: TextBlock) {
        var capacity = 1
        if case .listItem(let marker?) = block.kind { capacity += marker.utf8.count + 1 }
        for run in block.runs { capacity += run.text.utf8.count }
        scalars.reserveCapacity(capacity)
        runStarts.reserveCapacity(block.runs.count + 1)
    }

    private mutating func append(_ run: TextRun, index: Int, keepsLines: Bool) {
        runStarts.append((scalars.count, index))
        for scalar in run.text.unicodeScalars {
            if scalar.value > 0x20 && !(0x7F...0x9F).contains(scalar.value) {
                scalars.append(scalar)
            } else if Self.isSpace(scalar) || (scalar == "\n" && !keepsLines) {
                appendSpace(" ")
            } else if scalar == "\n" {
                appendLineBreak()
            }  // else "\r" or a control character: not text
        }
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{000B}" || scalar == "\u{000C}"
    }

    /// One space, never at the start or after another space or line break.
    private mutating func appendSpace(_ space: Unicode.Scalar) {
        guard let last = scalars.last, last != " ", last != "\n" else { return }
        scalars.append(space)
    }

    /// A line break replaces the spaces before it; none at the start.
    private mutating func appendLineBreak() {
        trimTrailingWhitespace()
        guard !scalars.isEmpty else { return }
        scalars.append("\n")
    }

    private mutating func trimTrailingWhitespace() {
        while let last = scalars.last, last == " " || last == "\n" {
            scalars.removeLast()
        }
    }
}
