/// Finds where each utterance's characters stand among a document's spoken
/// text nodes. The importer normalises white space, adds list markers and
/// (with `--alt-text`) image descriptions, and leaves out what is not
/// spoken, so the two are compared on the characters that are neither
/// white space nor controls, skipping what one has and the other has not.
struct TextAligner {
    /// A visible character of the document: which spoken text node holds
    /// it, where (UTF-8 bytes), and the character.
    struct Place: Hashable {
        var node: Int
        var offset: Int
        var length: Int
        var scalar: Unicode.Scalar
    }

    /// The document's visible characters in order.
    let places: [Place]
    /// The next place not yet matched.
    private(set) var cursor = 0

    /// How far an utterance's first character is looked for past the
    /// cursor (text the importer did not speak: a skipped heading or list).
    private let startWindow = 4_096
    /// How far a later character is looked for (a note marker, a page number).
    private let innerWindow = 48

    /// - Parameter texts: the UTF-8 bytes of each spoken text node, in order.
    init(texts: [[UInt8]]) {
        var places: [Place] = []
        for (node, bytes) in texts.enumerated() {
            var offset = 0
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                let length = UTF8.width(scalar)
                if Self.isVisible(scalar) { places.append(Place(node: node, offset: offset, length: length, scalar: scalar)) }
                offset += length
            }
        }
        self.places = places
    }

    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value > 0x20 && scalar.value != 0x7F }
        return !(scalar.properties.isWhitespace || (0x80...0x9F).contains(scalar.value))
    }

    /// The index in ``places`` of each of `text`'s scalars, nil for white
    /// space and for characters the document does not have there. When
    /// fewer than half of them are found, none is: the utterance is not in
    /// the document (an image's description, say), and the cursor stays.
    mutating func align(_ text: String) -> [Int?] {
        let scalars = Array(text.unicodeScalars)
        var result = [Int?](repeating: nil, count: scalars.count)
        let start = cursor
        let visible = scalars.indices.filter { Self.isVisible(scalars[$0]) }
        var isFirst = true
        for (order, index) in visible.enumerated() {
            let window = isFirst ? startWindow : innerWindow
            guard let found = find(visible[order...].prefix(3).map { scalars[$0] }, within: window) else { continue }
            result[index] = found
            cursor = found + 1
            isFirst = false
        }
        let found = result.lazy.filter { $0 != nil }.count
        guard found * 2 < scalars.lazy.filter(Self.isVisible).count else { return result }
        cursor = start
        return [Int?](repeating: nil, count: scalars.count)
    }

    /// The first place at or after the cursor, at most `window` ahead, where
    /// `upcoming` (up to its first three characters) matches.
    private func find(_ upcoming: [Unicode.Scalar], within window: Int) -> Int? {
        let needed = min(3, upcoming.count)
        let last = min(places.count - 1, cursor + window)
        guard cursor <= last else { return nil }
        for start in cursor...last where places[start].scalar == upcoming[0] {
            var matched = 1
            while matched < needed, start + matched < places.count, places[start + matched].scalar == upcoming[matched] {
                matched += 1
            }
            if matched == needed || start == cursor { return start }
        }
        return nil
    }
}
