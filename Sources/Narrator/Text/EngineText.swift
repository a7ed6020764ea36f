import BookModel
import Phonemes

/// What espeak-ng is handed for utterances, worked out without loading it:
/// for `narrate dump --spoken`, so a user sees what will be said.
public enum EngineText {
    /// The text of one utterance as the engine gets it, and the phonemes
    /// chosen for each of its pronunciations.
    public struct Spoken: Hashable, Sendable {
        /// The text handed to espeak-ng (``SpeakableText``, then the
        /// pronunciations: phonemes as mnemonics in `[[ ]]`, aliases as text).
        public var text: String
        /// Per pronunciation: the covered text and what is said for it
        /// (`[[h3:m'aI@ni]]`, an alias, or why it is said as written).
        public var choices: [(covered: String, said: String)]

        public static func == (lhs: Spoken, rhs: Spoken) -> Bool {
            lhs.text == rhs.text && lhs.choices.map(\.covered) == rhs.choices.map(\.covered)
                && lhs.choices.map(\.said) == rhs.choices.map(\.said)
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(text) }
    }

    /// The engine's texts for consecutive utterances of one page, said in
    /// `language` (the voice espeak-ng prefers for it; nil: English) unless
    /// an utterance has its own.
    public static func spoken(_ utterances: [Utterance], language: String?) -> [Spoken] {
        let prepared = SpeakableText.prepare(utterances.map(\.text))
        return zip(prepared, utterances).map { text, utterance in
            let converter = PhonemeConverter(
                inventory: ESpeakPhonemeInventory.forVoice(nil, language: utterance.language ?? language))
            var failures: [Range<Int>: String] = [:]
            let pronounced = PronouncedText(text, pronunciations: utterance.pronunciations, converter: converter) {
                failures[$0.pronunciation.range] = "as written: \($0.unmapped)"
            }
            let scalars = Array(utterance.text.unicodeScalars)
            let choices = utterance.pronunciations.map { pronunciation in
                let range = pronunciation.range.clamped(to: 0..<scalars.count)
                let covered = String(String.UnicodeScalarView(scalars[range]))
                return (covered, failures[pronunciation.range] ?? said(pronunciation, converter: converter))
            }
            return Spoken(text: pronounced.text, choices: choices)
        }
    }

    private static func said(_ pronunciation: Pronunciation, converter: PhonemeConverter) -> String {
        switch pronunciation.spoken {
        case .phonemes(let phonemes, let alphabet):
            (try? converter.mnemonics(for: phonemes, alphabet: alphabet).get()).map { "[[\($0)]]" } ?? ""
        case .alias(let alias): alias.debugDescription
        case .continued: "(said with the utterance before)"
        }
    }
}
