import BookModel
import TextPrimitives

/// Joins each utterance that holds no word — a lone quote (`”`), an
/// ellipsis, dashes, a code block's `}`, a separator line `* * *` — to a
/// neighbour on its page, so that nothing is spoken that has nothing to
/// say and no timing cue is given to a mark. Its text is kept, so the
/// page's utterances still concatenate to the page's text (read-along
/// alignment relies on it).
///
/// A wordless utterance goes with the one before it (a closing quote ends
/// the sentence before), which keeps the longer of the two pauses after
/// it; the first utterance of a page goes with the one after it. A page of
/// wordless utterances only is left as it is.
enum WordlessUtterances {
    /// `utterances` (one page's) with the wordless ones joined to a neighbour.
    static func merged(_ utterances: [Utterance]) -> [Utterance] {
        guard utterances.contains(where: { !hasWord($0.text) }), utterances.contains(where: { hasWord($0.text) }) else {
            return utterances
        }
        var result: [Utterance] = []
        result.reserveCapacity(utterances.count)
        var leading: [Utterance] = []
        for utterance in utterances {
            if hasWord(utterance.text) {
                result.append(leading.isEmpty ? utterance : prepending(leading, to: utterance))
                leading = []
            } else if let last = result.indices.last {
                result[last] = appending(utterance, to: result[last])
            } else {
                leading.append(utterance)
            }
        }
        return result
    }

    /// Whether `text` holds a letter or a digit.
    static func hasWord(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: ScalarClass.isLetterOrDigit)
    }

    /// `utterance` with `wordless`'s text after it and the longer pause.
    private static func appending(_ wordless: Utterance, to utterance: Utterance) -> Utterance {
        var joined = utterance
        joined.text += wordless.text
        if let pause = wordless.prosody.postUtteranceDelay, pause > (joined.prosody.postUtteranceDelay ?? 0) {
            joined.prosody.postUtteranceDelay = pause
        }
        return joined
    }

    /// `utterance` with the texts of `wordless` before it: it starts where
    /// they do, and its pronunciations move along.
    private static func prepending(_ wordless: [Utterance], to utterance: Utterance) -> Utterance {
        var joined = utterance
        let prefix = wordless.map(\.text).joined()
        let shift = prefix.unicodeScalars.count
        joined.text = prefix + utterance.text
        joined.source = wordless.first?.source ?? utterance.source
        joined.pronunciations = utterance.pronunciations.map { pronunciation in
            var moved = pronunciation
            moved.range = (pronunciation.range.lowerBound + shift)..<(pronunciation.range.upperBound + shift)
            return moved
        }
        return joined
    }
}
