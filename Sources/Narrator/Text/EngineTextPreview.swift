import BookModel

/// The exact texts the narrator hands the engine for a page's utterances,
/// without speaking them (for `narrate dump --spoken`): the utterances are
/// grouped as the narrator groups them, then given their spoken forms
/// (``SpokenForms``) and prepared for espeak-ng (``SpeakableText``).
public enum EngineTextPreview {
    /// One text per utterance of `utterances`, in the language of each
    /// utterance (else `language`, else English) — the language the
    /// narrator's voice for it speaks.
    public static func texts(of utterances: [Utterance], language: String?) -> [String] {
        var grouper = SpeechGrouper { $0.language ?? language ?? "en" }
        var groups: [SpeechGroup] = []
        for (index, utterance) in utterances.enumerated() {
            groups += grouper.add(utterance, at: UtterancePosition(page: 0, utterance: index))
        }
        if let last = grouper.finish() { groups.append(last) }
        return groups.flatMap { group in
            SpeakableText.prepare(GroupRenderer.spokenTexts(of: group).map(\.text))
        }
    }
}
