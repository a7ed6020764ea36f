import BookModel
import TextPrimitives
/// Cuts a stretch of text into words for per-word utterances, the way the
/// tutorial's plist does: each word keeps the punctuation attached to it and
/// the whitespace after it (`"Whisky, "`), so the words concatenate back.
///
/// A token with no letter or digit (a lone dash, `…`) joins the word before
/// it; a word joined to the next by an em dash (`beast—And`) is cut after the
/// dash. Text without spaces (Chinese, Japanese) stays one piece.
package struct WordSplitter: Sendable {
    /// Offsets just past each word of `range`; the last is its upper bound.
    package func wordEnds(in scalars: [Unicode.Scalar], range: Range<Int>) -> [Int] {
        var ends: [Int] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let (end, hasWord) = tokenEnd(in: scalars, from: index, limit: range.upperBound)
            if !hasWord, !ends.isEmpty {
                ends[ends.count - 1] = end  // punctuation alone joins the word before it
            } else {
                ends.append(end)
            }
            index = end
        }
        return mergeLeadingPunctuation(ends, in: scalars, range: range)
    }

    /// A token: non-whitespace up to the next whitespace (or just past an em
    /// dash followed by a letter), then the whitespace after it.
    private func tokenEnd(in scalars: [Unicode.Scalar], from start: Int, limit: Int) -> (Int, Bool) {
        var index = start
        var hasWord = false
        while index < limit, !ScalarClass.isWhitespace(scalars[index]) {
            let scalar = scalars[index]
            hasWord = hasWord || ScalarClass.isLetterOrDigit(scalar)
            index += 1
            if (scalar == "—" || scalar == "―") && hasWord && index < limit {
                while index < limit, scalars[index] == "\u{2060}" { index += 1 }
                if index < limit, ScalarClass.isLetter(scalars[index]) { return (index, hasWord) }
            }
        }
        while index < limit, ScalarClass.isWhitespace(scalars[index]) { index += 1 }
        return (index, hasWord)
    }

    /// A first token without letters (an opening dash) joins the word after it.
    private func mergeLeadingPunctuation(_ ends: [Int], in scalars: [Unicode.Scalar], range: Range<Int>) -> [Int] {
        guard ends.count > 1,
              !scalars[range.lowerBound..<ends[0]].contains(where: ScalarClass.isLetterOrDigit)
        else { return ends }
        return Array(ends.dropFirst())
    }
}
