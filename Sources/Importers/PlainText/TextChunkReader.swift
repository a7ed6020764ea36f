import BookFiles
import BookModel
import TextPrimitives

/// Reads a plain-text input in pieces cut just after a line feed, decoded
/// and normalised: the pieces, one after the other, are the text
/// ``TextDecoder`` makes of the whole input.
struct TextChunkReader {
    /// Bytes read at a time (a piece ends at the last line feed in them).
    static let blockSize = 1 << 16

    private let source: any ByteSource
    private(set) var decoder: TextDecoder
    /// Where the next block is read from.
    private(set) var offset: Int
    private var carry: [UInt8] = []
    private var isFinished = false

    /// Starts reading `source`, whose encoding was found with
    /// ``TextDecoder/detect(head:size:isValidUTF8:)``, after its byte-order mark.
    init(source: any ByteSource, encoding: TextEncoding, bodyStart: Int) {
        self.source = source
        decoder = TextDecoder(encoding: encoding, hasBOM: bodyStart > 0)
        offset = bodyStart
    }

    /// The next piece of text and whether it is the last; nil after the last.
    mutating func next() throws(ImportError) -> (text: String, isLast: Bool)? {
        guard !isFinished else { return nil }
        while true {
            let block = try ImportError.file { () throws(FileError) in try source.read(at: offset, count: Self.blockSize) }
            offset += block.count
            if block.isEmpty {
                isFinished = true
                defer { carry = [] }
                return (decoder.decode(carry[...], isLast: true), true)
            }
            carry += block
            if let cut = lastLineEnd(in: carry) {
                let text = decoder.decode(carry[..<cut], isLast: false)
                carry.removeFirst(cut)
                return (text, false)
            }
        }
    }

    /// Just after the last line feed in `bytes` (which start at a character
    /// boundary), in the input's encoding; nil when there is none.
    private func lastLineEnd(in bytes: [UInt8]) -> Int? {
        switch decoder.encoding {
        case .utf8, .windows1252:
            return bytes.lastIndex(of: 0x0A).map { $0 + 1 }
        case .utf16LittleEndian, .utf16BigEndian:
            let (low, high): (UInt8, UInt8) = decoder.encoding == .utf16LittleEndian ? (0x0A, 0) : (0, 0x0A)
            guard bytes.count >= 2 else { return nil }
            for index in stride(from: (bytes.count - 2) & ~1, through: 0, by: -2)
            where bytes[index] == low && bytes[index + 1] == high {
                return index + 2
            }
            return nil
        }
    }

    /// The lines of a piece: a piece that is not the last ends with a line
    /// feed, after which no line begins yet.
    static func lines(of text: String, isLast: Bool) -> [Substring] {
        // Where each line ends, and whether it holds a form feed, found in
        // one pass over the bytes; the lines are then cut from `text`
        // itself (no copies), as splitting at every line feed would.
        var ends: [(end: Int, hasFormFeed: Bool)] = []
        var storage = text
        let count = storage.withUTF8 { bytes in
            var hasFormFeed = false
            for index in bytes.indices {
                switch bytes[index] {
                case 0x0A:
                    ends.append((index, hasFormFeed))
                    hasFormFeed = false
                case 0x0C: hasFormFeed = true
                default: continue
                }
            }
            ends.append((bytes.count, hasFormFeed))
            return bytes.count
        }
        if !isLast { ends.removeLast() }
        var lines: [Substring] = []
        lines.reserveCapacity(ends.count)
        var start = 0
        for (end, hasFormFeed) in ends {
            let line = text.utf8Slice(start..<end).utf8
            lines.append(hasFormFeed ? PlainTextParser.line(line) : Substring(line.last == 0x0D ? line.dropLast() : line))
            start = min(end + 1, count)
        }
        return lines
    }

    /// Whether all of `source` is valid UTF-8, read block by block (each
    /// block checked up to the last byte that starts a character).
    static func isValidUTF8(_ source: any ByteSource) throws(ImportError) -> Bool {
        var offset = 0
        var carry: [UInt8] = []
        while true {
            let block = try ImportError.file { () throws(FileError) in try source.read(at: offset, count: blockSize) }
            offset += block.count
            if block.isEmpty { return UTF8Validation.isValid(carry) }
            carry += block
            guard let cut = carry.lastIndex(where: { $0 & 0xC0 != 0x80 }), carry.count - cut <= 4 else { return false }
            guard UTF8Validation.isValid(carry[..<cut]) else { return false }
            carry.removeFirst(cut)
        }
    }
}
