/// What narrate knows about IPA beyond espeak-ng's tables: the spellings
/// that mean the same sound, the marks it can leave out, and the nearest
/// sounds to try when a language has no phoneme for a symbol. The table is
/// documented in docs/pronunciation.md.
enum IPASymbols {
    /// Primary and secondary stress, written before a syllable.
    static let primaryStress: Unicode.Scalar = "\u{02C8}"
    static let secondaryStress: Unicode.Scalar = "\u{02CC}"
    /// Long and half-long.
    static let long: Unicode.Scalar = "\u{02D0}"
    static let halfLong: Unicode.Scalar = "\u{02D1}"

    /// Writes IPA the way espeak-ng's tables do: one code point per symbol
    /// where Unicode has two spellings, ligatures split, tie bars, syllable
    /// dots, brackets and slashes dropped, ASCII stand-ins for stress and
    /// length read as them.
    static func normalized(_ ipa: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for scalar in ipa.unicodeScalars {
            if let replacement = spellings[scalar] {
                result.append(contentsOf: replacement.unicodeScalars)
            } else if !ignored.contains(scalar) {
                result.append(scalar)
            }
        }
        return result
    }

    private static let spellings: [Unicode.Scalar: String] = [
        "g": "\u{0261}",  // ASCII g → IPA ɡ
        "'": "\u{02C8}", "\u{2019}": "\u{02C8}", "\u{02B9}": "\u{02C8}",  // apostrophes as primary stress
        ",": "\u{02CC}",  // comma as secondary stress
        ":": "\u{02D0}",  // colon as length
        "\u{02A7}": "t\u{0283}", "\u{02A4}": "d\u{0292}", "\u{02A6}": "ts", "\u{02A3}": "dz",  // ʧ ʤ ʦ ʣ
        "\u{02A8}": "t\u{0255}", "\u{02A5}": "d\u{0291}",  // ʨ ʥ
        "\u{03B5}": "\u{025B}",  // Greek epsilon → ɛ
        "\u{2C71}": "\u{028B}",  // ⱱ → ʋ
    ]

    /// Tie bars, syllable breaks, linking marks, transcription brackets and
    /// intonation bars: nothing espeak-ng needs.
    private static let ignored: Set<Unicode.Scalar> = [
        "\u{0361}", "\u{035C}", ".", "\u{203F}", "/", "[", "]", "|", "\u{2016}", "\u{200D}", "\u{2197}", "\u{2198}",
    ]

    /// Marks that refine a sound in ways espeak-ng's phonemes do not
    /// distinguish; left out when the sound with the mark is not in the
    /// table (aspiration, dental, syllabic, non-syllabic, unreleased,
    /// voiceless, advanced and retracted, raised and lowered, extra-short).
    static let droppable: Set<Unicode.Scalar> = [
        "\u{02B0}", "\u{032A}", "\u{0329}", "\u{032F}", "\u{031A}", "\u{0325}", "\u{030A}", "\u{031F}", "\u{0320}",
        "\u{031D}", "\u{031E}", "\u{0306}", "\u{02BC}", "\u{0318}", "\u{0319}", "\u{0324}", "\u{0330}", "\u{02B7}",
        "\u{02B2}", "\u{02E0}", "\u{02E4}", "\u{0334}", "\u{0339}", "\u{031C}", "\u{033A}", "\u{033B}", "\u{033C}",
        "\u{0348}", "\u{0308}", "\u{033D}", "\u{02DE}",
    ]

    /// The nearest sounds to try, in order, when a table has no phoneme for
    /// a symbol: the rhotic and r-sounds of English dictionaries, vowels of
    /// neighbouring quality, consonants a language writes another way.
    static let substitutes: [String: [String]] = [
        // r-sounds
        "r": ["\u{0279}", "\u{027E}", "\u{0281}", "\u{0280}"],
        "\u{0279}": ["r", "\u{027E}", "\u{0281}"],  // ɹ
        "\u{027E}": ["t", "r", "\u{0279}", "d"],  // ɾ
        "\u{0281}": ["\u{0280}", "r", "\u{0279}"],  // ʁ
        "\u{0280}": ["\u{0281}", "r", "\u{0279}"],  // ʀ
        "\u{027B}": ["\u{0279}", "r"],  // ɻ
        "\u{025A}": ["\u{0259}\u{0279}", "\u{0259}r", "\u{0259}"],  // ɚ
        "\u{025D}": ["\u{025C}\u{02D0}\u{0279}", "\u{025C}\u{02D0}", "\u{025C}", "\u{0259}"],  // ɝ
        // vowels
        "a": ["\u{00E6}", "\u{0251}", "\u{0250}", "\u{0061}\u{02D0}"],
        "\u{00E6}": ["a", "\u{025B}"],
        "\u{0251}": ["\u{0251}\u{02D0}", "a", "\u{0252}"],  // ɑ
        "\u{0252}": ["\u{0254}", "\u{0251}", "o"],  // ɒ
        "\u{0250}": ["\u{0259}", "a", "\u{028C}"],  // ɐ
        "\u{028C}": ["\u{0250}", "\u{0259}", "a"],  // ʌ
        "\u{0259}": ["\u{0250}", "\u{025C}", "e"],  // ə
        "\u{025C}": ["\u{025C}\u{02D0}", "\u{0259}", "\u{0153}"],  // ɜ
        "e": ["e\u{026A}", "\u{025B}", "e\u{02D0}"],
        "\u{025B}": ["e", "\u{00E6}"],  // ɛ
        "i": ["i\u{02D0}", "\u{026A}"],
        "\u{026A}": ["i", "e"],  // ɪ
        "\u{1D7B}": ["\u{026A}", "\u{0259}"],  // ᵻ
        "\u{0268}": ["\u{026A}", "i"],  // ɨ
        "o": ["o\u{028A}", "\u{0259}\u{028A}", "\u{0254}", "o\u{02D0}"],
        "\u{0254}": ["\u{0254}\u{02D0}", "o", "\u{0252}"],  // ɔ
        "u": ["u\u{02D0}", "\u{028A}", "\u{026F}"],
        "\u{028A}": ["u", "o"],  // ʊ
        "\u{0289}": ["u\u{02D0}", "u", "\u{028A}", "\u{026F}"],  // ʉ
        "\u{026F}": ["u", "\u{028A}"],  // ɯ
        "y": ["y\u{02D0}", "\u{028F}", "i", "u"],
        "\u{028F}": ["y", "\u{026A}", "i"],  // ʏ
        "\u{00F8}": ["\u{00F8}\u{02D0}", "\u{0153}", "\u{025C}\u{02D0}", "e"],  // ø
        "\u{0153}": ["\u{00F8}", "\u{025C}", "\u{025B}", "e"],  // œ
        "\u{0264}": ["\u{028C}", "\u{0259}"],  // ɤ
        // consonants
        "\u{026B}": ["l"],  // ɫ
        "\u{0294}": [],  // ʔ: left out where a language has none
        "\u{028D}": ["w"],  // ʍ
        "\u{0263}": ["\u{0281}", "x"],  // ɣ
        "x": ["\u{03C7}", "k"],
        "\u{03C7}": ["x", "\u{0281}"],  // χ
        "\u{00E7}": ["x", "h"],  // ç
        "\u{0278}": ["f"],  // ɸ
        "\u{03B2}": ["v", "b"],  // β
        "\u{028B}": ["v", "w"],  // ʋ
        "\u{0272}": ["n\u{02B2}", "nj"],  // ɲ
        "\u{028E}": ["l\u{02B2}", "lj"],  // ʎ
        "\u{0255}": ["\u{0283}"],  // ɕ
        "\u{0291}": ["\u{0292}"],  // ʑ
        "\u{0282}": ["\u{0283}"],  // ʂ
        "\u{0290}": ["\u{0292}"],  // ʐ
        "\u{0262}": ["\u{0261}"],
        "q": ["k"],
        "c": ["k"],
        "\u{025F}": ["\u{0261}"],  // ɟ
        "\u{0266}": ["h"],  // ɦ
        "\u{0127}": ["h"],  // ħ
        "\u{0295}": [],  // ʕ
        "\u{026C}": ["l"],  // ɬ
        "\u{0288}": ["t"],  // ʈ
        "\u{0256}": ["d"],  // ɖ
        "\u{0271}": ["m"],  // ɱ
        "\u{0274}": ["\u{014B}", "n"],  // ɴ
        "\u{0299}": ["b"],  // ʙ
        "\u{027D}": ["\u{027E}", "r", "\u{0279}"],  // ɽ
        "\u{026E}": ["l", "z"],  // ɮ
        "\u{0270}": ["w", "\u{0263}"],  // ɰ
        "\u{029F}": ["l"],  // ʟ
        "\u{0265}": ["w", "j"],  // ɥ
        "\u{0258}": ["\u{0259}"],  // ɘ
        "\u{0275}": ["\u{00F8}", "\u{0259}"],  // ɵ
        "\u{025E}": ["\u{025C}", "\u{0259}"],  // ɞ
        "\u{0276}": ["\u{0153}", "a"],  // ɶ
        "\u{0273}": ["n"],  // ɳ
        "\u{026D}": ["l"],  // ɭ
        "\u{0283}": ["s"],  // ʃ
        "\u{0292}": ["z"],  // ʒ
        "\u{03B8}": ["t"],  // θ
        "\u{00F0}": ["d"],  // ð
        "\u{014B}": ["n"],  // ŋ
        "j": ["i"],
        "w": ["u"],
        "h": [],
    ]
}
