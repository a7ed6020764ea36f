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
enum SilentNoteMarkers {
    /// `block` without its note markers.
    static func removed(from block: TextBlock) -> TextBlock {
        guard block.kind != .preformatted, block.runs.contains(where: { mayHoldMarker($0.text) }) else { return block }
        let scalars = block.runs.flatMap { Array($0.text.unicodeScalars) }
        let ranges = NoteMarkers.ranges(in: scalars).map { widenedOverSpaces($0, in: scalars) }
        guard !ranges.isEmpty else { return block }
        var copy = block
        var start = 0
        for index in block.runs.indices {
            let count = block.runs[index].text.unicodeScalars.count
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

    /// A byte looked up in a table at a time: most bytes cannot be part of
    /// a marker's start, and only those that can are looked at closely.
    private static func mayHoldMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        candidateBytes.withUnsafeBufferPointer { candidates in
            for index in bytes.indices where candidates[Int(bytes[index])] {
                if startsMarker(bytes, at: index) { return true }
            }
            return false
        }
    }

    /// `[`, `(`, digits, and the last bytes of superscript digits (B0–B9).
    private static let candidateBytes: [Bool] = (0...255).map { byte in
        byte == 0x5B || byte == 0x28 || (0x30...0x39).contains(byte) || (0xB0...0xB9).contains(byte)
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
