/// Tells statements, yes/no questions, wh-questions and exclamations apart
/// from a sentence's marks and first word.
struct SentenceClassifier {
    var abbreviations: Abbreviations

    /// A sentence's type and the offset of the mark that decides it (the last
    /// question or exclamation mark); nil for a statement, whose tune is
    /// carried by its end.
    func classify(_ scalars: [Unicode.Scalar], sentence: Range<Int>) -> (type: UtteranceFeatures.SentenceType, decidingMark: Int?) {
        guard let mark = sentence.last(where: { Self.isQuestionMark(scalars[$0]) || Self.isExclamationMark(scalars[$0]) })
        else { return (.statement, nil) }
        let isQuestion = scalars[sentence.lowerBound...mark].contains(where: Self.isQuestionMark)
        guard isQuestion else { return (.exclamation, mark) }
        let first = NextWord(scalars, from: sentence.lowerBound, limit: sentence.upperBound)
        let isWh = abbreviations.questionWords.contains(first.key)
            || abbreviations.questionWords.contains(String(first.key.prefix { $0 != "'" && $0 != "’" }))
        return (isWh ? .whQuestion : .yesNoQuestion, mark)
    }

    static func isQuestionMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3F, 0xFF1F, 0x061F, 0x2047, 0x2048, 0x2049: true  // ? ？ ؟ ⁇ ⁈ ⁉
        default: false
        }
    }

    static func isExclamationMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "!" || scalar == "！" || scalar == "‼"
    }
}
