import BookModel
import TextPrimitives

/// Takes note markers written into the text (``NoteMarkers``: `evening.[1]`,
/// `word[a]`, `word(2)`, `word¹`, `the world.1 More`) out of a block when
/// notes are not read: the notes they point to are neither shown nor
/// spoken, so neither are the markers, in the page's text or its
/// utterances (a narrated-book plist is spoken as written). With
/// ``ImportOptions/readsNotes`` they stay.
///
/// Preformatted blocks (code: `argv[1]`) and runs said by a pronunciation
/// are left as they are; white space before a marker goes with it
/// (`says [12], it` → `says, it`).
package enum SilentNoteMarkers {
    /// `block` without its note markers.
    static func removed(from block: TextBlock) -> TextBlock {
        guard block.kind != .preformatted, block.runs.contains(where: { mayHoldMarker($0.text) }) else { return block }
        let scalars = block.runs.flatMap { UTF8Scalar.scalars(of: $0.text) }
        let ranges = NoteMarkers.ranges(in: scalars).map { widenedOverSpaces($0, in: scalars) }
        guard !ranges.isEmpty else { return block }
        var copy = block
        var start = 0
        for index in block.runs.indices {
            let count = UTF8Scalar.count(of: block.runs[index].text)
            defer { start += count }
            guard !block.pronunciations.contains(where: { $0.runs.contains(index) }) else { continue }
            let local = ranges.compactMap { range -> Range<Int>? in
                let clamped = range.clamped(to: start..<(start + count))
                return clamped.isEmpty ? nil : (clamped.lowerBound - start)..<(clamped.upperBound - start)
            }
            if !local.isEmpty { copy.runs[index].text = removing(local, from: block.runs[index].text) }
        }
        return copy
    }

    /// Whether `text` holds what a marker can start with (`[`, `(`, a
    /// digit, or a superscript digit: `¹²³` are C2 B9/B2/B3 in UTF-8, `⁰`
    /// and `⁴`–`⁹` E2 81 B0/B4–B9): most runs hold none of the markers and
    /// are passed over at once. Curly quotes (E2 80 9x) do not count.
    private static func mayHoldMarker(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(mayHoldMarker) ?? Array(text.utf8).withUnsafeBufferPointer(mayHoldMarker)
    }

    /// Eight bytes a step: most words of prose hold no byte that can start
    /// a marker and are passed over in a few operations; the bytes of a word
    /// that may are looked at one by one.
    package static func mayHoldMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= bytes.count {
                if hasCandidate(base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    for offset in index..<(index + 8) where isCandidate(bytes[offset]) {
                        if startsMarker(bytes, at: offset) { return true }
                    }
                }
                index += 8
            }
        }
        while index < bytes.count {
            if isCandidate(bytes[index]), startsMarker(bytes, at: index) { return true }
            index += 1
        }
        return false
    }

    /// `[`, `(`, digits, and the last bytes of superscript digits (B0–B9):
    /// the low seven bits of a digit and of B0–B9 alike are 30–39.
    private static func isCandidate(_ byte: UInt8) -> Bool {
        byte == 0x5B || byte == 0x28 || (byte & 0x7F) &- 0x30 < 10
    }

    /// Whether any of a word's eight bytes ``isCandidate(_:)``. Each byte's
    /// low seven bits plus 0x50 reach the byte's top bit from 30 up, plus
    /// 0x46 from 3A up (neither carries into the next byte). A `[` or `(`
    /// is a zero byte of the word XOR-ed with eight copies of it.
    private static func hasCandidate(_ word: UInt64) -> Bool {
        let tops: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~tops
        let digits = (low &+ 0x5050_5050_5050_5050) & ~(low &+ 0x4646_4646_4646_4646) & tops
        return digits | zeroByte(word ^ 0x5B5B_5B5B_5B5B_5B5B) | zeroByte(word ^ 0x2828_2828_2828_2828) != 0
    }

    /// Non-zero when a byte of `word` is zero.
    private static func zeroByte(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    private static func startsMarker(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        if byte < 0x80 { return true }
        guard index > 0 else { return false }
        let lead = bytes[index - 1]
        if lead == 0xC2 { return byte == 0xB2 || byte == 0xB3 || byte == 0xB9 }
        return lead == 0x81 && index > 1 && bytes[index - 2] == 0xE2 && (byte == 0xB0 || byte >= 0xB4)
    }

    /// `range` with the spaces and tabs before it (after some text), unless
    /// a word follows the marker at once and would be joined to the one
    /// before.
    private static func widenedOverSpaces(_ range: Range<Int>, in scalars: [Unicode.Scalar]) -> Range<Int> {
        if range.upperBound < scalars.count, ScalarClass.isLetterOrDigit(scalars[range.upperBound]) { return range }
        var lower = range.lowerBound
        while lower > 1, scalars[lower - 1] == " " || scalars[lower - 1] == "\t" { lower -= 1 }
        return lower..<range.upperBound
    }

    /// `text` without the scalars in `ranges` (sorted, not overlapping).
    private static func removing(_ ranges: [Range<Int>], from text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var next = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            while next < ranges.count, ranges[next].upperBound <= offset { next += 1 }
            if next < ranges.count, ranges[next].contains(offset) { continue }
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
