import BookModel
import TextPrimitives
/// The break after a piece of text, read from the punctuation it ends with
/// and from where it stands (end of sentence, block or page).
package enum PauseClassifier {
    /// - Parameters:
    ///   - range: the piece, trailing whitespace included.
    ///   - endsSentence: the piece ends its sentence.
    ///   - blockEnd: the pause for the end of the block (paragraph, or
    ///     chapter for the page's last block); used when the piece ends it.
    package static func pause(
        after range: Range<Int>, in scalars: [Unicode.Scalar], endsSentence: Bool,
        blockEnd: UtteranceFeatures.Pause
    ) -> UtteranceFeatures.Pause {
        if range.upperBound == scalars.count { return blockEnd }
        if endsSentence { return .sentence }
        var index = range.upperBound - 1
        var sawLineBreak = false
        while index > range.lowerBound, ScalarClass.isWhitespace(scalars[index]) {
            sawLineBreak = sawLineBreak || scalars[index] == "\n"
            index -= 1
        }
        while index > range.lowerBound, ScalarClass.isCloser(scalars[index]) { index -= 1 }
        let mark = punctuationPause(scalars[index])
        return sawLineBreak ? max(mark, .lineBreak) : mark
    }

    private static func punctuationPause(_ scalar: Unicode.Scalar) -> UtteranceFeatures.Pause {
        switch scalar {
        case ",", "、", "，", "،": .comma
        case "—", "–", "―": .dash
        case ":", "：": .colon
        case ";", "；", "؛": .semicolon
        case _ where ScalarClass.isTerminator(scalar): .comma
        default: .none
        }
    }
}
