import Synchronization

/// The phonemes of one espeak-ng phoneme table (a language or accent), each
/// with the IPA espeak-ng writes for it, and the way back: which mnemonic
/// stands for an IPA sound. Built from the generated tables
/// (`scripts/make-phoneme-inventory`), which follow espeak-ng's own
/// inheritance (`en-us` from `en` from `base1`).
public struct ESpeakPhonemeInventory: Sendable {
    /// The phoneme table's name: `en-us`, `fr`, `base1`.
    public let table: String
    /// IPA → the mnemonic espeak-ng reads for it in this table.
    let mnemonicForIPA: [String: String]
    /// The longest IPA key, in Unicode scalars, for longest-match reading.
    let longestKey: Int
    /// Every mnemonic of the table (inherited ones included).
    let mnemonics: Set<String>

    /// The inventory of a phoneme table; nil for a table espeak-ng does not have.
    public init?(table: String) {
        guard Self.generatedTables[table] != nil else { return nil }
        self.table = table
        var chosen: [String: (mnemonic: String, rank: Int)] = [:]
        var mnemonics = Set<String>()
        var depth = 0
        var name: String? = table
        var seen = Set<String>()
        while let current = name, let entry = Self.generatedTables[current], seen.insert(current).inserted {
            for line in entry.phonemes.split(separator: "\n") {
                let fields = line.split(separator: "\t").map(String.init)
                guard let mnemonic = fields.first, mnemonics.insert(mnemonic).inserted else { continue }
                for (index, ipa) in fields.dropFirst().enumerated() {
                    let rank = Self.rank(mnemonic, depth: depth, formIndex: index)
                    // Also without its diacritics (Japanese writes its a as ä), after every exact form.
                    for (key, penalty) in [(ipa, 0), (Self.withoutDiacritics(ipa), 100_000)] where !key.isEmpty {
                        if let existing = chosen[key], existing.rank <= rank + penalty { continue }
                        chosen[key] = (mnemonic, rank + penalty)
                    }
                }
            }
            name = entry.parent
            depth += 1
        }
        mnemonicForIPA = chosen.mapValues(\.mnemonic)
        longestKey = chosen.keys.map(\.unicodeScalars.count).max() ?? 1
        self.mnemonics = mnemonics
    }

    /// An inventory without phonemes: every sound is unmapped.
    private init(emptyTable table: String) {
        self.table = table
        mnemonicForIPA = [:]
        longestKey = 1
        mnemonics = []
    }

    /// Lower is preferred: plain mnemonics before numbered or marked
    /// variants (`I` before `I2`, `r` before the linking `r-`), then a
    /// phoneme's first IPA form before a form in context, the language's own
    /// table before the tables it inherits from, shorter before longer.
    private static func rank(_ mnemonic: String, depth: Int, formIndex: Int) -> Int {
        let marked = mnemonic.contains { $0.isNumber || $0 == "#" || $0 == "/" || $0 == "-" } ? 1 : 0
        return marked * 10_000 + formIndex * 1_000 + depth * 10 + mnemonic.count
    }

    /// IPA without combining marks and modifier letters (`e̞` → `e`, `ɯᵝ` → `ɯ`).
    static func withoutDiacritics(_ ipa: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in ipa.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .modifierLetter: continue
            default: result.append(baseLetters[scalar] ?? scalar)
            }
        }
        return String(result)
    }

    /// Precomposed vowels espeak-ng writes (`ä`), as their base letter.
    private static let baseLetters: [Unicode.Scalar: Unicode.Scalar] = [
        "ä": "a", "ã": "a", "á": "a", "à": "a", "â": "a", "ë": "e", "ẽ": "e", "é": "e", "è": "e", "ê": "e",
        "ï": "i", "ĩ": "i", "í": "i", "ì": "i", "ö": "o", "õ": "o", "ó": "o", "ò": "o", "ô": "o", "ü": "u",
        "ũ": "u", "ú": "u", "ù": "u", "ÿ": "y",
    ]

    /// The phoneme table of an espeak-ng voice (`gmw/en-US` → `en-us`).
    public static func table(forVoice identifier: String) -> String? {
        generatedVoiceTables[identifier]
    }

    /// The phoneme table of the voice espeak-ng prefers for a language tag:
    /// the tag itself (`en-us`), else its primary language (`en`); nil when
    /// espeak-ng has no voice for it.
    public static func table(forLanguage tag: String) -> String? {
        let lower = tag.lowercased().replacingUnderscores()
        if let table = generatedLanguageTables[lower] { return table }
        let primary = String(lower.prefix { $0 != "-" })
        return generatedLanguageTables[primary]
    }

    /// The inventory for a voice, else for a language tag, else English's;
    /// parsed once per table and kept.
    public static func forVoice(_ identifier: String?, language: String?) -> ESpeakPhonemeInventory {
        let table = identifier.flatMap(table(forVoice:)) ?? language.flatMap(table(forLanguage:)) ?? "en"
        return cached(table)
    }

    private static let cache = Mutex<[String: ESpeakPhonemeInventory]>([:])

    private static func cached(_ table: String) -> ESpeakPhonemeInventory {
        if let known = cache.withLock({ $0[table] }) { return known }
        let inventory = ESpeakPhonemeInventory(table: table) ?? ESpeakPhonemeInventory(table: "en")
            ?? ESpeakPhonemeInventory(emptyTable: table)
        cache.withLock { $0[table] = inventory }
        return inventory
    }
}

extension String {
    /// `en_GB` → `en-GB`.
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
