import BookModel

/// A block's text made ready for segmentation: runs joined, whitespace
/// normalised (every run of spaces, tabs and line breaks becomes one space,
/// except line breaks in preformatted text), the ends trimmed, a list item's
/// marker written in front, and for every scalar the run it came from.
package struct PreparedBlock {
    /// The normalised text.
    package let scalars: [Unicode.Scalar]
    /// `(offset, run index)` where each run's text starts in ``scalars``.
    package let runStarts: [(offset: Int, run: Int)]
    package let block: TextBlock

    package init(_ block: TextBlock) {
        self.block = block
        var runStarts: [(offset: Int, run: Int)] = []
        runStarts.reserveCapacity(block.runs.count + 1)
        let keepsLines = block.kind == .preformatted
        var marker: TextRun?
        if case .listItem(let text?) = block.kind, !text.isEmpty { marker = TextRun(text + " ") }
        // No more scalars than UTF-8 bytes: the buffer cannot overflow.
        let capacity = block.runs.reduce(marker?.text.utf8.count ?? 0) { $0 + $1.text.utf8.count }
        scalars = [Unicode.Scalar](unsafeUninitializedCapacity: capacity) { buffer, count in
            var writer = Normaliser(buffer)
            if let marker {
                runStarts.append((writer.count, -1))
                writer.append(marker.text, keepsLines: false)
            }
            for index in block.runs.indices {  // read in place: an enumeration copies each run
                runStarts.append((writer.count, index))
                writer.append(block.runs[index].text, keepsLines: keepsLines)
            }
            writer.trimTrailingWhitespace()
            count = writer.count
        }
        self.runStarts = runStarts
    }

    /// The index in the block's runs of the run a scalar offset belongs
    /// to; nil for the list marker. An index, not the run: the caller reads
    /// the fields it needs in place instead of copying the run out.
    package func runIndex(at offset: Int) -> Int? {
        var low = 0
        var high = runStarts.count  // binary search: the last start at or before offset
        while low < high {
            let middle = (low + high) / 2
            if runStarts[middle].offset <= offset { low = middle + 1 } else { high = middle }
        }
        let index = low > 0 ? runStarts[low - 1].run : -1
        return block.runs.indices.contains(index) ? index : nil
    }

    /// The parts of ``scalars`` said by the block's pronunciations, without
    /// white space at their ends, in order.
    package var pronunciationRanges: [(range: Range<Int>, spoken: Pronunciation.Spoken)] {
        guard !block.pronunciations.isEmpty else { return [] }
        return block.pronunciations.compactMap { pronunciation in
            guard let start = runStarts.first(where: { $0.run == pronunciation.runs.lowerBound })?.offset else { return nil }
            let end = runStarts.first { $0.run >= pronunciation.runs.upperBound }?.offset ?? scalars.count
            var range = min(start, scalars.count)..<min(max(start, end), scalars.count)
            while let first = range.first, scalars[first] == " " || scalars[first] == "\n" { range = range.dropFirst() }
            while let last = range.last, scalars[last] == " " || scalars[last] == "\n" { range = range.dropLast() }
            return range.isEmpty ? nil : (range, pronunciation.spoken)
        }
    }

    /// The parts of ``scalars`` that come from emphasised runs. (Whitespace
    /// at a run's edge may fall on either side: normalising moves it.)
    package var emphasizedRanges: [Range<Int>] {
        runStarts.indices.compactMap { index in
            let (start, run) = runStarts[index]
            guard block.runs.indices.contains(run), block.runs[run].isEmphasized else { return nil }
            let end = index + 1 < runStarts.count ? runStarts[index + 1].offset : scalars.count
            let lower = min(start, scalars.count)
            return lower..<max(lower, min(end, scalars.count))
        }
    }
}

/// Writes normalised scalars into a buffer large enough for all of them.
private struct Normaliser {
    private let buffer: UnsafeMutableBufferPointer<Unicode.Scalar>
    package private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<Unicode.Scalar>) {
        self.buffer = buffer
    }

    mutating func append(_ text: String, keepsLines: Bool) {
        text.withUTF8Bytes { bytes in
            var index = 0
            while index < bytes.count {
                index = copyPrintableASCII(bytes, from: index)
                guard index < bytes.count else { break }
                let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
                index += length
                append(scalar, keepsLines: keepsLines)
            }
        }
    }

    /// Copies printable ASCII and spaces, most of any text, straight through
    /// from `start` (a space only where ``appendSpace()`` would write one);
    /// returns where it stopped.
    private mutating func copyPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let destination = buffer.baseAddress, let source = UnsafeRawPointer(bytes.baseAddress) else { return start }
        var index = start
        var written = count
        // Eight bytes a step while they are printable ASCII with single
        // spaces (none first after a space, a line break or at the start):
        // what the loop below would write, widened to scalars at once.
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            guard Self.copiesAsItIs(word, after: written > 0 ? destination[written - 1] : "\n") else { break }
            let eight = source.loadUnaligned(fromByteOffset: index, as: SIMD8<UInt8>.self)
            UnsafeMutableRawPointer(destination + written).storeBytes(
                of: SIMD8<UInt32>(truncatingIfNeeded: eight), as: SIMD8<UInt32>.self)
            written += 8
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 {
                if written > 0, destination[written - 1] != " ", destination[written - 1] != "\n" {
                    destination[written] = " "
                    written += 1
                }
            } else {
                guard byte &- 0x21 < 0x5E else { break }
                destination[written] = Unicode.Scalar(byte)
                written += 1
            }
            index += 1
        }
        count = written
        return index
    }

    /// Whether the eight bytes of `word` (first byte lowest) are all
    /// printable ASCII or spaces, no space beside another and none first
    /// after `previous` when that is a space or line break: bytes that
    /// ``copyPrintableASCII(_:from:)`` copies unchanged.
    static func copiesAsItIs(_ word: UInt64, after previous: Unicode.Scalar) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        guard word & high == 0,  // ASCII (no carry between bytes below)
            (word &+ 0x6060_6060_6060_6060) & high == high,  // every byte ≥ 0x20
            (word &+ ones) & high == 0  // no DEL (0x7F)
        else { return false }
        let spaceless = word ^ 0x2020_2020_2020_2020
        let spaces = ~(((spaceless & low) &+ low) | spaceless | low)  // the high bit of each space
        guard spaces & (spaces << 8) == 0 else { return false }
        return spaces & 0x80 == 0 || (previous != " " && previous != "\n")
    }

    private mutating func append(_ scalar: Unicode.Scalar, keepsLines: Bool) {
        if scalar.value > 0x20 && !(0x7F...0x9F).contains(scalar.value) {
            write(scalar)
        } else if Self.isSpace(scalar) || (scalar == "\n" && !keepsLines) {
            appendSpace()
        } else if scalar == "\n" {
            appendLineBreak()
        }  // else "\r" or a control character: not text
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{000B}" || scalar == "\u{000C}"
    }

    private var last: Unicode.Scalar? { count > 0 ? buffer[count - 1] : nil }

    private mutating func write(_ scalar: Unicode.Scalar) {
        buffer[count] = scalar
        count += 1
    }

    /// One space, never at the start or after another space or line break.
    private mutating func appendSpace() {
        guard let last, last != " ", last != "\n" else { return }
        write(" ")
    }

    /// A line break replaces the spaces before it; none at the start.
    private mutating func appendLineBreak() {
        trimTrailingWhitespace()
        guard count > 0 else { return }
        write("\n")
    }

    mutating func trimTrailingWhitespace() {
        while let last, last == " " || last == "\n" { count -= 1 }
    }
}
