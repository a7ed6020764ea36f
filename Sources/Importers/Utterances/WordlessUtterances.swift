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
    /// Joins the wordless utterances of `utterances` (one page's) to a
    /// neighbour, in place: the utterances that stay are moved, not copied,
    /// and a page without a wordless utterance is not touched.
    static func merge(_ utterances: inout [Utterance]) {
        // Read in place: `firstIndex(where:)` would copy every utterance.
        let (firstWordless, anyWord) = utterances.withUnsafeBufferPointer { buffer in
            let first = buffer.indices.first { !hasWord(buffer[$0].text) }
            return (first, buffer.indices.contains { hasWord(buffer[$0].text) })
        }
        guard let firstWordless, anyWord else { return }
        // utterances[..<kept] are final; those from kept up to the one being
        // read are wordless ones already joined, removed at the end.
        var kept = firstWordless
        var leading: [Utterance] = []
        for index in firstWordless..<utterances.count {
            if hasWord(utterances[index].text) {
                if !leading.isEmpty {
                    prepend(leading, to: &utterances[index])
                    leading = []
                }
                utterances.swapAt(kept, index)
                kept += 1
            } else if kept > 0 {
                let wordless = utterances[index]
                append(wordless, to: &utterances[kept - 1])
            } else {
                leading.append(utterances[index])
            }
        }
        utterances.removeSubrange(kept...)
    }

    /// Whether `text` holds a letter or a digit.
    static func hasWord(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: ScalarClass.isLetterOrDigit)
    }

    /// Adds `wordless`'s text after `utterance`'s, and the longer pause.
    private static func append(_ wordless: Utterance, to utterance: inout Utterance) {
        utterance.text += wordless.text
        if let pause = wordless.prosody.postUtteranceDelay, pause > (utterance.prosody.postUtteranceDelay ?? 0) {
            utterance.prosody.postUtteranceDelay = pause
        }
    }

    /// Puts the texts of `wordless` before `utterance`'s: it starts where
    /// they do, and its pronunciations move along.
    private static func prepend(_ wordless: [Utterance], to utterance: inout Utterance) {
        let prefix = wordless.map(\.text).joined()
        let shift = prefix.unicodeScalars.count
        utterance.text = prefix + utterance.text
        utterance.source = wordless.first?.source ?? utterance.source
        utterance.pronunciations = utterance.pronunciations.map { pronunciation in
            var moved = pronunciation
            moved.range = (pronunciation.range.lowerBound + shift)..<(pronunciation.range.upperBound + shift)
            return moved
        }
    }
}
