import TextPrimitives

/// Guesses the language of plain text: from its script first (Cyrillic,
/// Greek, Hebrew, Arabic, kana and kanji, Hangul, Devanagari, Thai…, with
/// the letters that tell related languages apart), then, for Latin script,
/// from how often each language's commonest words occur. Returns nil when no
/// language clearly leads; good enough to pick abbreviation lists and a voice.
enum LanguageGuesser {
    /// How many characters from the start of the text are looked at.
    static let sampleLength = 20_000

    /// The language of a book, from a sample of its text (a short text
    /// needs fewer common words: one per 40 letters, at least 4).
    static func guess(_ text: Substring) -> String? {
        let sample = text.prefix(sampleLength)
        return guess(sample, minimumStopWords: min(20, max(4, sample.count / 40)))
    }

    /// The language of one paragraph, when it is long enough to tell: by
    /// script from 12 letters, by common words from 6 hits.
    static func guessParagraph(_ text: String) -> String? {
        guess(Substring(text), minimumStopWords: 6, minimumLetters: 12)
    }

    private static func guess(_ text: Substring, minimumStopWords: Int, minimumLetters: Int = 1) -> String? {
        let census = ScriptCensus(text)
        guard census.letters >= minimumLetters else { return nil }
        if let script = census.leadingScript { return script }
        return byStopWords(text, minimum: minimumStopWords)
    }

    private static func byStopWords(_ text: Substring, minimum: Int) -> String? {
        var counts: [String: Int] = [:]
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }) {
            for language in languagesByStopWord[String(word)] ?? [] { counts[language, default: 0] += 1 }
        }
        let ranked = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        guard let best = ranked.first, best.value >= minimum else { return nil }
        let second = ranked.dropFirst().first?.value ?? 0
        return Double(best.value) >= Double(second) * 1.5 ? best.key : nil
    }

    /// Each stop word and the languages it belongs to.
    private static let languagesByStopWord: [String: [String]] = {
        var index: [String: [String]] = [:]
        for (language, words) in stopWords {
            for word in words { index[word, default: []].append(language) }
        }
        return index
    }()

    static let stopWords: [String: Set<String>] = [
        "en": ["the", "and", "of", "to", "is", "was", "that", "with", "for", "it", "he", "she", "you", "this"],
        "fr": ["le", "la", "les", "et", "est", "des", "une", "que", "qui", "dans", "pour", "pas", "sur", "du"],
        "de": ["der", "die", "das", "und", "ist", "nicht", "ein", "eine", "mit", "sich", "auf", "dem", "den", "zu"],
        "es": ["el", "los", "las", "y", "es", "que", "una", "por", "con", "para", "del", "se", "lo", "como"],
        "it": ["il", "di", "che", "è", "non", "un", "per", "della", "gli", "sono", "alla", "nel", "anche", "ho"],
        "pt": ["o", "os", "não", "uma", "com", "para", "do", "da", "em", "que", "se", "mais", "ao", "são"],
        "nl": ["de", "het", "een", "en", "van", "is", "niet", "dat", "zijn", "ik", "op", "te", "met", "voor"],
        "sv": ["och", "att", "det", "som", "är", "en", "på", "inte", "jag", "för", "med", "har", "av", "till"],
        "da": ["og", "at", "det", "er", "en", "på", "ikke", "jeg", "til", "med", "har", "af", "som", "der"],
        "pl": ["nie", "na", "się", "że", "jest", "do", "jak", "co", "ale", "tak", "jego", "był", "czy", "tylko"],
        "cs": ["je", "se", "na", "že", "do", "jsem", "ale", "jako", "není", "jsou", "bylo", "který", "také", "jeho"],
        "fi": ["ja", "on", "ei", "se", "että", "oli", "hän", "mutta", "kun", "niin", "ole", "minä", "tämä", "ovat"],
    ]
}

