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
    /// an utterance has its own: grouped as the narrator groups them, given
    /// their spoken forms (``SpokenForms``), prepared (``SpeakableText``)
    /// and pronounced (``PronouncedText``), one text per utterance.
    public static func spoken(_ utterances: [Utterance], language: String?) -> [Spoken] {
        var result = utterances.map { Spoken(text: $0.text, choices: []) }
        for group in groups(of: utterances, language: language) {
            let texts = EngineInput(group.utterances, language: group.voice)
            for (index, position) in group.positions.enumerated() {
                let utterance = group.utterances[index]
                result[position.utterance] = spoken(
                    utterance, prepared: texts.prepared[index], pronounceable: texts.pronounceable[index],
                    language: utterance.language ?? language)
            }
        }
        return result
    }

    /// The narrator's groups of `utterances` (positions are their indices).
    private static func groups(of utterances: [Utterance], language: String?) -> [SpeechGroup] {
        var grouper = SpeechGrouper()
        var groups: [SpeechGroup] = []
        for (index, utterance) in utterances.enumerated() {
            groups += grouper.add(
                utterance, at: UtterancePosition(page: 0, utterance: index), voice: utterance.language ?? language ?? "en")
        }
        if let last = grouper.finish() { groups.append(last) }
        return groups
    }

    /// One utterance's text with its pronunciations applied, and the choice
    /// made for each (`pronounceable` is the utterance as
    /// ``EngineInput/pronounceable`` has it).
    private static func spoken(
        _ utterance: Utterance, prepared: String, pronounceable: Utterance, language: String?
    ) -> Spoken {
        let converter = PhonemeConverter(inventory: ESpeakPhonemeInventory.forVoice(nil, language: language))
        var failures: [Int: String] = [:]
        let pronounced = PronouncedText(prepared, pronunciations: pronounceable.pronunciations, converter: converter) {
            failure in
            if let index = pronounceable.pronunciations.firstIndex(of: failure.pronunciation) {
                failures[index] = "as written: \(failure.unmapped)"
            }
        }
        let scalars = Array(utterance.text.unicodeScalars)
        let choices = utterance.pronunciations.enumerated().map { index, pronunciation in
            let range = pronunciation.range.clamped(to: 0..<scalars.count)
            let covered = String(String.UnicodeScalarView(scalars[range]))
            return (covered, failures[index] ?? said(pronunciation, converter: converter))
        }
        return Spoken(text: pronounced.text, choices: choices)
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
