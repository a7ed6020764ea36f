/// How fast espeak-ng speaks one language at its normal rate (175 wpm), in
/// seconds per character of each kind: measured by rendering the corpus
/// books (en, de, fr, ja) and a paragraph in each other language whole,
/// then fitting (bench/listening-time.sh checks the fit; docs/performance.md
/// has the figures).
public struct SpeakingRate: Hashable, Sendable {
    /// Seconds per letter (alphabetic scripts, Hangul syllables, Indic
    /// letters and their vowel signs).
    public var letter: Double
    /// Seconds per Han character (CJK ideograph).
    public var han: Double
    /// Seconds per kana.
    public var kana: Double

    /// Seconds per digit: digits are read as number words.
    public static let digit = 0.824
    /// Seconds of the pause at a sentence or clause mark (`.`, `,`, `;`,
    /// `。`, `、`…) or a line break.
    public static let pause = 0.283
    /// Seconds espeak adds at the end of each utterance that ends a clause.
    public static let clauseEnd = 0.046

    init(letter: Double, han: Double = 0.373, kana: Double = 0.243) {
        self.letter = letter
        self.han = han
        self.kana = kana
    }

    /// The rate for a BCP 47 tag, by its primary language (`en-GB` → `en`);
    /// languages not measured read at English's rate, as espeak-ng reads
    /// them with the English voice when it has none.
    public static func forLanguage(_ tag: String?) -> SpeakingRate {
        let primary = tag.map { String($0.lowercased().prefix { $0 != "-" && $0 != "_" }) } ?? "en"
        return measured[primary] ?? english
    }

    static let english = SpeakingRate(letter: 0.0599)

    /// Seconds per letter measured per language (espeak-ng 1.51).
    static let measured: [String: SpeakingRate] = [
        "en": english,
        "de": SpeakingRate(letter: 0.0572),
        "fr": SpeakingRate(letter: 0.0463),
        "ja": SpeakingRate(letter: 0.189, han: 0.865, kana: 0.243),
        "zh": SpeakingRate(letter: 0.0599, han: 0.373),
        "es": SpeakingRate(letter: 0.0645),
        "it": SpeakingRate(letter: 0.0644),
        "pt": SpeakingRate(letter: 0.0674),
        "nl": SpeakingRate(letter: 0.0683),
        "sv": SpeakingRate(letter: 0.0716),
        "pl": SpeakingRate(letter: 0.0760),
        "tr": SpeakingRate(letter: 0.0752),
        "ru": SpeakingRate(letter: 0.0582),
        "el": SpeakingRate(letter: 0.0616),
        "ar": SpeakingRate(letter: 0.1073),
        "hi": SpeakingRate(letter: 0.0761),
        "ko": SpeakingRate(letter: 0.172),
    ]
}
