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
    /// The source line of each spoken text node (non-decreasing).
    private let lines: [Int]
    /// The next place not yet matched.
    private(set) var cursor = 0

    /// How far past the cursor an utterance's start is looked for (text the
    /// importer did not speak: a skipped heading or list).
    private let startWindow = 4_096
    /// How far a later character is looked for (a note marker, a page number).
    private let innerWindow = 48
    /// How many characters of a match are compared when choosing the start.
    private let runLimit = 32

    /// - Parameters:
    ///   - texts: the UTF-8 bytes of each spoken text node, in order.
    ///   - lines: each node's line in the document, as the importer saw it; empty when not known.
    init(texts: [[UInt8]], lines: [Int] = []) {
        self.lines = lines.count == texts.count ? lines : []
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
    ///
    /// - Parameter line: where the importer found the text; when it is past
    ///   the cursor (pages read from the middle of a document, text not
    ///   spoken), the start is looked for from there first.
    mutating func align(_ text: String, line: Int? = nil) -> [Int?] {
        let scalars = Array(text.unicodeScalars)
        var result = [Int?](repeating: nil, count: scalars.count)
        let visible = scalars.indices.filter { Self.isVisible(scalars[$0]) }
        let characters = visible.map { scalars[$0] }
        let before = cursor
        let hinted = line.flatMap(firstPlace(onOrAfter:)).flatMap { $0 > cursor ? $0 : nil }
        guard let start = hinted.flatMap({ anchor(characters, from: $0) }) ?? anchor(characters, from: cursor) else { return result }
        result[visible[start.order]] = start.place
        cursor = start.place + 1
        for order in visible.indices.dropFirst(start.order + 1) {
            guard let found = find(visible[order...].prefix(3).map { scalars[$0] }, within: innerWindow) else { continue }
            result[visible[order]] = found
            cursor = found + 1
        }
        let found = result.lazy.filter { $0 != nil }.count
        guard found * 2 < visible.count else { return result }
        cursor = before
        return [Int?](repeating: nil, count: scalars.count)
    }

    /// The first place in a text node on `line` or after it; nil when
    /// lines are not known or none is.
    private func firstPlace(onOrAfter line: Int) -> Int? {
        guard !lines.isEmpty else { return nil }
        var low = 0, high = places.count
        while low < high {
            let middle = (low + high) / 2
            if lines[places[middle].node] < line { low = middle + 1 } else { high = middle }
        }
        return low < places.count ? low : nil
    }

    /// Where an utterance (its visible characters) starts in the document:
    /// which of its characters, at which place at most
    /// ``startWindow`` past `origin`, begins the longest run of matching
    /// characters (the earliest on a tie). The utterance may begin with
    /// words the document has no text for (the list number `10.` the
    /// importer says before an item, a picture's description), but not with
    /// more than half of it: then it is not found anyway. A lone `.` of a spoken
    /// `10.` matches the full stop that ends the item before, but the item's
    /// own text matches for longer. The run must be at least three
    /// characters long, or the whole utterance when it is shorter. Matching
    /// characters just before the start (back to `origin`) are taken in.
    private func anchor(_ visible: [Unicode.Scalar], from origin: Int) -> (order: Int, place: Int)? {
        let needed = min(3, visible.count)
        let last = min(places.count - 1, origin + startWindow)
        guard needed > 0, origin <= last else { return nil }
        var best: (order: Int, place: Int, run: Int)?
        search: for order in 0..<(visible.count + 1) / 2 {
            let longest = min(runLimit, visible.count - order)
            guard longest > (best?.run ?? needed - 1) else { break }
            for place in origin...last where places[place].scalar == visible[order] {
                let run = self.run(of: visible, from: order, at: place)
                if run >= needed, run > (best?.run ?? 0) { best = (order, place, run) }
                if run == longest { break search }
            }
        }
        guard var start = best else { return nil }
        while start.order > 0, start.place > origin, places[start.place - 1].scalar == visible[start.order - 1] {
            start.order -= 1
            start.place -= 1
        }
        return (start.order, start.place)
    }

    /// How many of `visible` from `order` match the places from `place`, up to ``runLimit``.
    private func run(of visible: [Unicode.Scalar], from order: Int, at place: Int) -> Int {
        var length = 0
        while length < runLimit, order + length < visible.count, place + length < places.count,
            places[place + length].scalar == visible[order + length]
        {
            length += 1
        }
        return length
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
