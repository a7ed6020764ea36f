/// Breaks a page's text into screen lines of at most a given width in
/// terminal columns, at spaces where it can and inside a word only when the
/// word alone is wider than the line (as in Japanese, written without
/// spaces). Each line break in the text starts a new line; a blank line
/// separates paragraphs unless both are one line long (verse, lists).
struct TextWrapper {
    /// Columns available.
    var width: Int

    /// The lines, each a range of offsets into `scalars`; an empty range is a
    /// blank line.
    func lines(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var index = 0, previousCount = 0
        while index < scalars.count {
            let end = scalars[index...].firstIndex(of: "\n") ?? scalars.count
            defer { index = end + 1 }
            guard scalars[index..<end].contains(where: { !$0.properties.isWhitespace }) else { continue }
            let paragraph = wrap(scalars, index..<end)
            if previousCount > 1 || (previousCount == 1 && paragraph.count > 1) { lines.append(index..<index) }
            lines += paragraph
            previousCount = paragraph.count
        }
        return lines
    }

    /// Wraps one line of text (no newlines inside).
    private func wrap(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> [Range<Int>] {
        let width = max(1, self.width)
        var lines: [Range<Int>] = []
        var start = range.lowerBound, used = 0, lastSpace: Int? = nil
        var index = range.lowerBound
        while index < range.upperBound {
            let scalar = scalars[index]
            let cells = Self.width(of: scalar)
            if scalar.properties.isWhitespace { lastSpace = index }
            if used > 0, used + cells > width, !scalar.properties.isWhitespace {
                let breakAt = lastSpace.map { $0 + 1 } ?? index
                let cut = breakAt > start ? breakAt : index
                lines.append(start..<trimmedEnd(scalars, start, cut))
                start = cut
                used = Self.width(of: scalars[start..<index])
                lastSpace = nil
                continue
            }
            used += cells
            index += 1
        }
        lines.append(start..<trimmedEnd(scalars, start, range.upperBound))
        return lines
    }

    private func trimmedEnd(_ scalars: [Unicode.Scalar], _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
        return end
    }

    /// Columns the scalars take on screen.
    static func width(of scalars: some Sequence<Unicode.Scalar>) -> Int {
        scalars.reduce(0) { $0 + width(of: $1) }
    }

    /// Columns one scalar takes: 0 for combining marks, format and control
    /// characters (the word joiner, soft hyphen), 2 for East Asian wide and
    /// full-width characters, 1 otherwise.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) || value == 0xAD ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
}
