/// English IPA (espeak-ng's, US or British) as the ARPAbet phones of the
/// recogniser's dictionary (CMUdict's 39), for a word the dictionary
/// lacks: close enough for forced alignment, which only has to tell where
/// each word's sounds lie, not which word was said.
public enum ARPAbet {
    /// The phones of `ipa`; nil when none of it is English IPA.
    public static func phones(ofIPA ipa: String) -> [String]? {
        let scalars = Array(ipa.unicodeScalars)
        var phones: [String] = []
        var index = 0
        while index < scalars.count {
            var matched = false
            for length in stride(from: min(longest, scalars.count - index), through: 1, by: -1) {
                var key = ""
                key.unicodeScalars.append(contentsOf: scalars[index..<(index + length)])
                if let mapped = table[key] {
                    phones += mapped
                    index += length
                    matched = true
                    break
                }
            }
            if !matched { index += 1 }  // stress, length, syllable and unknown marks
        }
        return phones.isEmpty ? nil : phones
    }

    private static let longest = table.keys.map(\.unicodeScalars.count).max() ?? 1

    private static let table: [String: [String]] = {
        var table: [String: [String]] = [:]
        let entries: [(String, String)] = [
            // Diphthongs and vowels with r (a linking ɹ after ɚ is the same r).
            ("eɪ", "EY"), ("aɪ", "AY"), ("aʊ", "AW"), ("oʊ", "OW"), ("əʊ", "OW"), ("ɔɪ", "OY"),
            ("aɪɚ", "AY ER"), ("aʊɚ", "AW ER"), ("aɪɚɹ", "AY ER"), ("aʊɚɹ", "AW ER"), ("ɚɹ", "ER"), ("ɜːɹ", "ER"), ("ɪɹ", "IH R"), ("ɛɹ", "EH R"),
            ("ʊɹ", "UH R"), ("ɑːɹ", "AA R"), ("ɔːɹ", "AO R"), ("ɔɹ", "AO R"), ("oːɹ", "AO R"),
            ("ɪə", "IH R"), ("iə", "IH R"), ("eə", "EH R"), ("ʊə", "UH R"),
            // Vowels.
            ("ɑː", "AA"), ("ɑ", "AA"), ("ɒ", "AA"), ("æ", "AE"), ("a", "AE"), ("ʌ", "AH"), ("ə", "AH"), ("ɐ", "AH"),
            ("ɚ", "ER"), ("ɝ", "ER"), ("ɜː", "ER"), ("ɜ", "ER"), ("ɔː", "AO"), ("ɔ", "AO"), ("ɛ", "EH"), ("e", "EH"),
            ("ɪ", "IH"), ("ᵻ", "IH"), ("iː", "IY"), ("i", "IY"), ("ʊ", "UH"), ("uː", "UW"), ("u", "UW"), ("o", "OW"),
            // Consonants; syllabic ones with their vowel, a glottal stop as the t it stands for.
            ("tʃ", "CH"), ("dʒ", "JH"), ("p", "P"), ("b", "B"), ("t", "T"), ("d", "D"), ("k", "K"), ("ɡ", "G"), ("g", "G"),
            ("f", "F"), ("v", "V"), ("θ", "TH"), ("ð", "DH"), ("s", "S"), ("z", "Z"), ("ʃ", "SH"), ("ʒ", "ZH"),
            ("h", "HH"), ("m", "M"), ("n", "N"), ("ŋ", "NG"), ("l", "L"), ("ɹ", "R"), ("r", "R"), ("w", "W"),
            ("j", "Y"), ("ɾ", "T"), ("ʔ", "T"), ("x", "K"), ("ʍ", "W"), ("ɬ", "L"), ("ç", "HH"),
            ("n\u{329}", "AH N"), ("l\u{329}", "AH L"), ("m\u{329}", "AH M"),
        ]
        for (ipa, phones) in entries { table[ipa] = phones.split(separator: " ").map(String.init) }
        return table
    }()
}
