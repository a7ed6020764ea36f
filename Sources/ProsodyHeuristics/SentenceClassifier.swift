import BookModel
import TextPrimitives
/// Tells statements, yes/no questions, wh-questions and exclamations apart
/// from a sentence's marks and first word.
package struct SentenceClassifier {
    package var abbreviations: Abbreviations

    package init(abbreviations: Abbreviations) {
        self.abbreviations = abbreviations
    }

    /// A sentence's type, from its question and exclamation marks (the
    /// last decides; see ``TuneMarks``) and, for a question, its first word.
    /// `tuneMarks`: the offsets of the sentence's question and exclamation
    /// marks, in order (see ``SentenceSplitter/sentenceEnds(in:range:tuneMarks:)``).
    package func classify(_ scalars: [Unicode.Scalar], sentence: Range<Int>, tuneMarks: ArraySlice<Int>)
        -> UtteranceFeatures.SentenceType
    {
        guard !tuneMarks.isEmpty else { return .statement }
        let isQuestion = tuneMarks.contains { TuneMarks.isQuestionMark(scalars[$0]) }
        guard isQuestion else { return .exclamation }
        let first = NextWord(scalars, from: sentence.lowerBound, limit: sentence.upperBound)
        let isWh = abbreviations.questionWords.contains(first.key)
            || abbreviations.questionWords.contains(String(first.key.prefix { $0 != "'" && $0 != "’" }))
        return isWh ? .whQuestion : .yesNoQuestion
    }
}
