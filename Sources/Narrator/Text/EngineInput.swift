import BookModel

/// The texts espeak-ng is handed for one group of utterances, in order:
/// spoken forms in the voice's language (``SpokenForms``, which leave alone
/// what a pronunciation covers), ``SpeakableText``, then the utterances'
/// pronunciations (``PronouncedText``). Every scalar handed over maps back
/// to its utterance's string, which never changes.
struct EngineInput {
    /// Per utterance: its spoken forms.
    let spoken: [SpokenText]
    /// The spoken texts prepared for espeak-ng.
    let prepared: [String]
    /// Per utterance: the utterance with ``prepared``'s words in place of
    /// its text and its pronunciations moved onto them, as
    /// ``PronouncedText`` and ``Pronouncer`` take it.
    let pronounceable: [Utterance]

    /// - Parameter language: the voice or language tag the group is said in.
    init(_ utterances: [Utterance], language: String?) {
        spoken = SpokenForms(language: language).spoken(
            utterances.map(\.text), keeping: utterances.map { $0.pronunciations.map(\.range) })
        prepared = SpeakableText.prepare(spoken.map(\.text))
        pronounceable = zip(spoken, utterances).map { $0.carrying($1) }
    }

    /// The segment for utterance `index`: its prepared text, or `pronounced`
    /// when pronunciations changed it or the group reads phonemes, with
    /// offsets into the utterance's string wherever the text differs.
    func segment(
        _ index: Int, pronounced: PronouncedText?, groupUsesPhonemes: Bool, parameters: SpeechParameters
    ) -> SpeechSegment {
        let spoken = spoken[index]
        if let pronounced, groupUsesPhonemes || pronounced.text != prepared[index] {
            return SpeechSegment(
                pronounced.text, parameters: parameters,
                sourceOffsets: spoken.isUnchanged ? pronounced.sourceOffsets : spoken.sourceOffsets(through: pronounced.sourceOffsets),
                usesPhonemes: pronounced.usesPhonemes)
        }
        return SpeechSegment(
            prepared[index], parameters: parameters, sourceOffsets: spoken.isUnchanged ? nil : spoken.sourceOffsets(through: nil))
    }
}
