import BookModel

/// How much of one book's text another holds, word for word: the words of
/// each (letters and digits, lower-cased) as multisets; recall is the share
/// of the reference's words the candidate has, precision the share of the
/// candidate's words the reference has. Order is not compared: page titles
/// and front matter may move, the text may not change.
struct WordOverlap: CustomStringConvertible {
    let recall: Double
    let precision: Double
    /// The words counted on each side.
    let referenceWords: Int
    let candidateWords: Int

    init(reference: Book, candidate: Book) {
        self.init(reference: Self.text(of: reference), candidate: Self.text(of: candidate))
    }

    init(reference: String, candidate: String) {
        let expected = Self.counts(reference), found = Self.counts(candidate)
        let shared = expected.reduce(0) { $0 + min($1.value, found[$1.key] ?? 0) }
        referenceWords = expected.values.reduce(0, +)
        candidateWords = found.values.reduce(0, +)
        recall = referenceWords == 0 ? 1 : Double(shared) / Double(referenceWords)
        precision = candidateWords == 0 ? 1 : Double(shared) / Double(candidateWords)
    }

    /// `recall 0.9931, precision 0.9987 (122883 and 122878 words)`.
    var description: String {
        "recall \(Self.rounded(recall)), precision \(Self.rounded(precision)) (\(referenceWords) and \(candidateWords) words)"
    }

    static func text(of book: Book) -> String {
        book.pages.map(\.displayText).joined(separator: "\n")
    }

    static func counts(_ text: String) -> [Substring: Int] {
        var counts: [Substring: Int] = [:]
        let lowered = text.lowercased()
        for word in lowered.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) { counts[word, default: 0] += 1 }
        return counts
    }

    private static func rounded(_ value: Double) -> String {
        String(Double((value * 10000).rounded()) / 10000)
    }
}
