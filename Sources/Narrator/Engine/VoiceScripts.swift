import TextPrimitives

/// Which scripts an espeak-ng voice can read, so the narrator can warn,
/// once, when a text is in a script its voice only spells out (Japanese
/// kanji with the `ja` voice, which reads kana; Russian with an English
/// voice).
enum VoiceScripts {
    /// The first script in `text` that the voice for `language` cannot
    /// read, with what the voice does instead; nil when it reads them all.
    static func unreadable(in text: String, language: String) -> (script: String, effect: String)? {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x370 }) else { return nil }
        let primary = Abbreviations.primaryLanguage(of: language)
        let census = ScriptCensus(Substring(text))
        for (script, _) in census.counts.sorted(by: { $0.value > $1.value }) where script != .latin {
            guard !(readers[script] ?? []).contains(primary) else { continue }
            if script == .han, primary == "ja" {
                return ("Han characters (kanji)", "it reads kana only and says “Chinese letter” for each kanji")
            }
            return (names[script] ?? "this script", "it spells the letters out one by one")
        }
        return nil
    }

    /// The languages (primary subtags of espeak-ng voices) that read each
    /// script.
    private static let readers: [ScriptCensus.Script: Set<String>] = [
        .cyrillic: ["ru", "uk", "bg", "be", "sr", "mk", "kk", "ky", "tt", "ba", "cv", "mn"],
        .greek: ["el", "grc"], .hebrew: ["he"], .arabic: ["ar", "fa", "ur", "ps", "sd", "ku", "ckb"],
        .devanagari: ["hi", "mr", "ne", "sa", "kok", "bh"], .bengali: ["bn", "as", "bpy"], .han: ["cmn", "yue", "zh", "hak"],
        .kana: ["ja"], .hangul: ["ko"], .thai: ["th"], .georgian: ["ka"], .armenian: ["hy", "hyw"], .tamil: ["ta"],
        .ethiopic: ["am"], .myanmar: ["my"], .gujarati: ["gu"], .gurmukhi: ["pa"], .telugu: ["te"], .kannada: ["kn"],
        .malayalam: ["ml"], .sinhala: ["si"], .khmer: [], .lao: [],
    ]

    private static let names: [ScriptCensus.Script: String] = [
        .cyrillic: "Cyrillic", .greek: "Greek", .hebrew: "Hebrew", .arabic: "Arabic script", .devanagari: "Devanagari",
        .bengali: "Bengali", .han: "Han characters", .kana: "kana", .hangul: "Hangul", .thai: "Thai", .georgian: "Georgian",
        .armenian: "Armenian", .tamil: "Tamil", .ethiopic: "Ethiopic", .myanmar: "Myanmar", .gujarati: "Gujarati",
        .gurmukhi: "Gurmukhi", .telugu: "Telugu", .kannada: "Kannada", .malayalam: "Malayalam", .sinhala: "Sinhala",
        .khmer: "Khmer", .lao: "Lao",
    ]
}
