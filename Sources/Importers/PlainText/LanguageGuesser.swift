/// Guesses whether a text is English, French, German or Spanish from how
/// often each language's commonest words occur. Returns nil when no language
/// clearly leads; good enough to pick abbreviation lists and a voice.
enum LanguageGuesser {
    /// How many characters from the start of the text are looked at.
    static let sampleLength = 20_000

    static func guess(_ text: Substring) -> String? {
        var counts: [String: Int] = [:]
        for word in text.prefix(sampleLength).lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }) {
            for (language, words) in stopWords where words.contains(String(word)) {
                counts[language, default: 0] += 1
            }
        }
        let ranked = counts.sorted { $0.value > $1.value }
        guard let best = ranked.first, best.value >= 20 else { return nil }
        let second = ranked.dropFirst().first?.value ?? 0
        return Double(best.value) >= Double(second) * 1.5 ? best.key : nil
    }

    static let stopWords: [String: Set<String>] = [
        "en": ["the", "and", "of", "to", "is", "was", "that", "with", "for", "it", "he", "she", "you", "this"],
        "fr": ["le", "la", "les", "et", "est", "des", "une", "que", "qui", "dans", "pour", "pas", "sur", "du"],
        "de": ["der", "die", "das", "und", "ist", "nicht", "ein", "eine", "mit", "sich", "auf", "dem", "den", "zu"],
        "es": ["el", "los", "las", "y", "es", "que", "una", "por", "con", "para", "del", "se", "lo", "como"],
    ]
}
