import TextPrimitives

/// A list written on one line: a block that starts with a list marker
/// (`1.)`, `1)`, `1.`, `a.`, `•`, `⁃9.`) and holds the next markers of the
/// same series (`… 2.) The second item`). Each item is a sentence; the
/// markers' own periods end nothing.
struct InlineList {
    /// Offsets where the second and later items start.
    private(set) var itemStarts: [Int] = []
    /// Offsets of the periods inside the markers.
    private var markerPeriods: Set<Int> = []

    /// The list in `range`; nil when the block does not start with a
    /// marker followed by another of its series.
    init?(_ scalars: [Unicode.Scalar], range: Range<Int>) {
        guard let first = Marker(scalars, at: range.lowerBound, limit: range.upperBound) else { return nil }
        var expected = first
        var index = first.end
        markerPeriods = first.periods
        while index < range.upperBound {
            defer { index += 1 }
            guard ScalarClass.isWhitespace(scalars[index - 1]), !ScalarClass.isWhitespace(scalars[index]),
                let marker = Marker(scalars, at: index, limit: range.upperBound), marker.follows(expected)
            else { continue }
            itemStarts.append(index)
            markerPeriods.formUnion(marker.periods)
            expected = marker
            index = marker.end - 1
        }
        guard !itemStarts.isEmpty else { return nil }
    }

    /// True for the period of a marker.
    func isMarkerPeriod(_ offset: Int) -> Bool { markerPeriods.contains(offset) }

    /// `ends` with the items' starts added, in order, each once.
    func merged(with ends: [Int]) -> [Int] {
        Array(Set(ends).union(itemStarts)).sorted()
    }

    /// One marker: an optional bullet, then an optional number or letter
    /// with its `.`, `)` or `.)`, then white space.
    private struct Marker {
        var bullet: Unicode.Scalar?
        /// The item's number (`a` counts as 1).
        var number: Int?
        var isLetter = false
        var style: [Unicode.Scalar] = []
        var periods: Set<Int> = []
        var end: Int

        init?(_ scalars: [Unicode.Scalar], at start: Int, limit: Int) {
            var index = start
            if index < limit, Self.isBullet(scalars[index]) {
                bullet = scalars[index]
                index += 1
                while index < limit, scalars[index] == " " { index += 1 }
            }
            let numberStart = index
            while index < limit, index - numberStart < 3, ScalarClass.isDigit(scalars[index]) { index += 1 }
            if index > numberStart {
                number = Int(String(scalars: scalars[numberStart..<index]))
            } else if bullet == nil, index < limit, ("a"..."z").contains(scalars[index]) {
                number = Int(scalars[index].value) - 0x60
                isLetter = true
                index += 1
            }
            if number != nil {
                while index < limit, scalars[index] == "." || scalars[index] == ")", style.count < 2 {
                    if scalars[index] == "." { periods.insert(index) }
                    style.append(scalars[index])
                    index += 1
                }
                guard !style.isEmpty else { return nil }
            }
            guard bullet != nil || number != nil, index < limit, scalars[index] == " " else { return nil }
            end = index
        }

        /// The next marker of `previous`'s series: the same bullet and style,
        /// the number one higher.
        func follows(_ previous: Marker) -> Bool {
            guard bullet == previous.bullet, style == previous.style, isLetter == previous.isLetter else { return false }
            guard let number, let before = previous.number else { return number == nil && previous.number == nil }
            return number == before + 1
        }

        static func isBullet(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "•", "⁃", "◦", "▪", "‣", "●": true
            default: false
            }
        }
    }
}
