import Rendering

/// Breaks a page's text into screen lines of at most a given width in
/// terminal columns, at spaces and between the characters of scripts
/// written without spaces (Japanese, Chinese), following the line-breaking
/// rules for punctuation; inside a word only when the word alone is wider
/// than the line. Each line break in the text starts a new line; a blank line
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

    /// Wraps one line of text (no newlines inside). Lines break after a
    /// space, or between two characters of a script written without spaces
    /// (Han, kana, Hangul), never before closing punctuation or small kana
    /// nor after opening punctuation (Unicode line breaking, UAX #14: `。`
    /// never starts a line, `「` never ends one); a word wider than the line
    /// is cut where it must, by the same rules when it can.
    private func wrap(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> [Range<Int>] {
        let width = max(1, self.width)
        var lines: [Range<Int>] = []
        var start = range.lowerBound, used = 0, lastBreak: Int? = nil
        var index = range.lowerBound
        while index < range.upperBound {
            let scalar = scalars[index]
            let cells = Self.width(of: scalar)
            if index > start, Self.canBreak(scalars, before: index) { lastBreak = index }
            if used > 0, used + cells > width, !scalar.properties.isWhitespace {
                let cut = lastBreak.flatMap { $0 > start ? $0 : nil } ?? Self.forcedBreak(scalars, start: start, at: index)
                lines.append(start..<trimmedEnd(scalars, start, cut))
                start = cut
                used = Self.width(of: scalars[start..<index])
                lastBreak = nil
                continue
            }
            used += cells
            index += 1
        }
        lines.append(start..<trimmedEnd(scalars, start, range.upperBound))
        return lines
    }

    /// Whether a line may break before `index`: after white space, or
    /// between characters of which one is written without spaces, unless
    /// the line-breaking rules of punctuation forbid it.
    static func canBreak(_ scalars: [Unicode.Scalar], before index: Int) -> Bool {
        let previous = scalars[index - 1], next = scalars[index]
        if next.properties.isWhitespace { return false }
        if previous.properties.isWhitespace { return true }
        guard isUnspaced(previous) || isUnspaced(next) else { return false }
        return !noLineStart.contains(next) && !noLineEnd.contains(previous)
    }

    /// Where a run too wide for the line must be cut, at or before `index`:
    /// moved back (keeping at least one character) so that the next line
    /// does not start with closing punctuation and this one does not end
    /// with opening punctuation.
    static func forcedBreak(_ scalars: [Unicode.Scalar], start: Int, at index: Int) -> Int {
        func breaksARule(_ cut: Int) -> Bool { noLineStart.contains(scalars[cut]) || noLineEnd.contains(scalars[cut - 1]) }
        var cut = index
        while cut > start + 1, breaksARule(cut) { cut -= 1 }
        return breaksARule(cut) ? index : cut
    }

    /// Han, kana and Hangul: scripts that break between any two characters.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FFF, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0x20000...0x3FFFD:
            true
        default: false
        }
    }

    /// Characters that never start a line (UAX #14 classes CL, CP, EX, IS,
    /// NS and the small kana of CJ, as Japanese typesetting treats them).
    static let noLineStart = Set("、。，．・：；？！゛゜ヽヾゝゞ々〻ー…‥）」』】〕〉》〙〗｝］＞〟’”»›)]},.;:!?ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ%‰℃°".unicodeScalars)
    /// Characters that never end a line (UAX #14 class OP and opening quotes).
    static let noLineEnd = Set("（「『【〔〈《〘〖｛［＜〝‘“«‹([{".unicodeScalars)

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
