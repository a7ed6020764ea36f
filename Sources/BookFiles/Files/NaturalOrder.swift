/// Natural order of file names and paths: runs of digits compare by value
/// (`ch2` before `ch10`, `pp_02` with `pp_2`), everything else by Unicode
/// scalar, case-insensitively. The pages of an HTML folder and the chapter
/// files of a recording are put in this order.
package enum NaturalOrder {
    package static func precedes(_ left: String, _ right: String) -> Bool {
        let a = Array(left.lowercased().unicodeScalars), b = Array(right.lowercased().unicodeScalars)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                let (x, nextI) = number(a, from: i), (y, nextJ) = number(b, from: j)
                if x != y { return x < y }
                i = nextI
                j = nextJ
            } else {
                if a[i] != b[j] { return a[i].value < b[j].value }
                i += 1
                j += 1
            }
        }
        return a.count - i < b.count - j || (a.count - i == b.count - j && left < right)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// The digits from `start` without leading zeros (compared by length,
    /// then text, so no number overflows), and where they end.
    private static func number(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int) {
        var end = start
        while end < scalars.count, isDigit(scalars[end]) { end += 1 }
        let digits = String(String.UnicodeScalarView(scalars[start..<end].drop { $0 == "0" }))
        return (String(repeating: "0", count: max(0, 20 - digits.count)) + digits, end)
    }
}
