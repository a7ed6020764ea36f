/// Tells statements, yes/no questions, wh-questions and exclamations apart
/// from a sentence's marks and first word.
struct SentenceClassifier {
    var abbreviations: Abbreviations

    /// A sentence's type, and the offset of the mark that decides it.
    typealias Tune = (type: UtteranceFeatures.SentenceType, decidingMark: Int?)

    /// A sentence's type and the offset of the mark that decides it (the last
    /// question or exclamation mark); nil for a statement, whose tune is
    /// carried by its end. `tuneMarks`: the offsets of the sentence's
    /// question and exclamation marks, in order (see
    /// ``SentenceSplitter/sentenceEnds(in:range:tuneMarks:)``).
    func classify(_ scalars: [Unicode.Scalar], sentence: Range<Int>, tuneMarks: ArraySlice<Int>) -> Tune {
        guard let mark = tuneMarks.last else { return (.statement, nil) }
        let isQuestion = tuneMarks.contains { Self.isQuestionMark(scalars[$0]) }
        guard isQuestion else { return (.exclamation, mark) }
        let first = NextWord(scalars, from: sentence.lowerBound, limit: sentence.upperBound)
        let isWh = abbreviations.questionWords.contains(first.key)
            || abbreviations.questionWords.contains(String(first.key.prefix { $0 != "'" && $0 != "’" }))
        return (isWh ? .whQuestion : .yesNoQuestion, mark)
    }

    /// A question or exclamation mark (ASCII letters and spaces answered first).
    static func isTuneMark(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == "?" || scalar == "!" }
        return isQuestionMark(scalar) || isExclamationMark(scalar)
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
