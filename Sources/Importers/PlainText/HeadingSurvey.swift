/// What the first reading of a plain-text book learns about its headings:
/// the words that number a series of chapter lines (`ADVENTURE I.`,
/// `ADVENTURE II.`; `Stave One`, `Stave Two`), beyond the usual `Chapter`,
/// `Book` and `Part`. A word counts once its series has a first and a
/// second member, so a stray `Page 5` makes no series.
struct HeadingSurvey {
    /// Lowercased word → the numbers seen after it (1 and 2 are what count).
    private var numbers: [String: Set<Int>] = [:]

    /// Notes one line of the text.
    mutating func add(_ line: Substring) {
        guard line.utf8.count <= 40 else { return }
        // The first word must open with a capital: most lines are ruled out before splitting them.
        guard let initial = line.first(where: { $0 != " " && $0 != "\t" }), initial.isUppercase else { return }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 2, let first = words[0].first, first.isUppercase, words[0].allSatisfy(\.isLetter),
            let number = HeadingLine.numberValue(words[1])
        else { return }
        guard number <= 2 else { return }
        numbers[words[0].lowercased(), default: []].insert(number)
    }

    /// The words that number a series.
    var seriesWords: Set<String> {
        Set(numbers.filter { $0.value.count == 2 }.keys)
    }
}
