/// Letters of a text counted by script, with the letters that tell
/// languages of one script apart (Ukrainian `ї`, Persian `پ`, Japanese kana).
package struct ScriptCensus {
    package private(set) var letters = 0
    /// Letters by script, indexed by the script's raw value (a dictionary
    /// hashed every letter of a text in Cyrillic or Greek).
    private var scripts = [Int](repeating: 0, count: Script.allCases.count)
    private var markers: [String: Int] = [:]

    package enum Script: Int, CaseIterable, Hashable, Sendable {
        case latin, cyrillic, greek, hebrew, arabic, kana, han, hangul, devanagari, bengali, thai, georgian,
            armenian, tamil, ethiopic, myanmar, gujarati, gurmukhi, telugu, kannada, malayalam, sinhala, khmer, lao
    }

    package init(_ text: Substring) {
        var latin = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {  // ASCII: most letters of most texts, counted apart
                if (value | 0x20) &- 0x61 < 26 { latin += 1 }
                continue
            }
            guard let script = Self.script(of: value) else { continue }
            letters += 1
            scripts[script.rawValue] += 1
            if Self.mayBeMarker(value), let language = Self.markerLanguages[scalar] { markers[language, default: 0] += 1 }
        }
        letters += latin
        scripts[Script.latin.rawValue] += latin
    }

    /// The scripts met, with how many letters of each.
    package var counts: [Script: Int] {
        var counts: [Script: Int] = [:]
        for script in Script.allCases where scripts[script.rawValue] > 0 { counts[script] = scripts[script.rawValue] }
        return counts
    }

    /// The language the script shows, when most letters are not Latin.
    package var leadingScript: String? {
        // The script with most letters (the first in declaration order on a tie).
        guard let script = Script.allCases.max(by: { scripts[$0.rawValue] < scripts[$1.rawValue] }) else { return nil }
        let count = scripts[script.rawValue]
        guard count > 0, script != .latin, count * 2 > letters || (script == .han && scripts[Script.kana.rawValue] > 0)
        else { return nil }
        switch script {
        case .cyrillic: return marker(among: ["uk", "kk", "sr", "bg", "be"]) ?? "ru"
        case .arabic: return marker(among: ["ur", "fa"]) ?? "ar"
        case .han, .kana: return scripts[Script.kana.rawValue] * 20 >= count ? "ja" : "zh"
        case .devanagari: return "hi"
        default: return Self.languages[script]
        }
    }

    /// The language among `candidates` whose own letters occur most (at
    /// least twice).
    private func marker(among candidates: [String]) -> String? {
        candidates.compactMap { language in markers[language].map { (language, $0) } }
            .filter { $0.1 >= 2 }.max { $0.1 < $1.1 }?.0
    }

    private static let languages: [Script: String] = [
        .greek: "el", .hebrew: "he", .hangul: "ko", .bengali: "bn", .thai: "th", .georgian: "ka",
        .armenian: "hy", .tamil: "ta", .ethiopic: "am", .myanmar: "my", .gujarati: "gu", .gurmukhi: "pa",
        .telugu: "te", .kannada: "kn", .malayalam: "ml", .sinhala: "si", .khmer: "km", .lao: "lo",
    ]

    /// Letters found in one language of a script and not its neighbours.
    private static let markerLanguages: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        for (language, letters) in [
            ("uk", "їєґі"), ("kk", "әғқңөұүһ"), ("sr", "ђћџљњј"), ("be", "ўі"), ("bg", "ъ"),
            ("fa", "پچژگکی"), ("ur", "ٹڈڑںےھ"),
        ] {
            for scalar in letters.unicodeScalars { table[scalar] = language }
        }
        table["і"] = "uk"  // also Belarusian and Kazakh; their own letters decide
        return table
    }()

    /// Whether `value` may be one of ``markerLanguages``' letters (all of
    /// them in U+0400–U+07FF): a bit each, so that the letters of a text in
    /// Cyrillic are not each looked up in the table.
    private static func mayBeMarker(_ value: UInt32) -> Bool {
        guard value >= 0x400, value < 0x800 else { return false }
        let offset = Int(value - 0x400)
        return markerBits[offset >> 6] >> UInt64(offset & 63) & 1 != 0
    }

    private static let markerBits: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 16)
        for scalar in markerLanguages.keys where scalar.value >= 0x400 && scalar.value < 0x800 {
            let offset = Int(scalar.value - 0x400)
            bits[offset >> 6] |= 1 << UInt64(offset & 63)
        }
        return bits
    }()

    package static func script(of value: UInt32) -> Script? {
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: .latin
        case 0x400...0x4FF: .cyrillic
        case 0x370...0x3FF, 0x1F00...0x1FFF: .greek
        case 0x531...0x58A: .armenian
        case 0x5D0...0x5EA: .hebrew
        case 0x620...0x64A, 0x671...0x6D3: .arabic
        case 0x900...0x97F: .devanagari
        case 0x980...0x9FF: .bengali
        case 0xA00...0xA7F: .gurmukhi
        case 0xA80...0xAFF: .gujarati
        case 0xB80...0xBFF: .tamil
        case 0xC00...0xC7F: .telugu
        case 0xC80...0xCFF: .kannada
        case 0xD00...0xD7F: .malayalam
        case 0xD80...0xDFF: .sinhala
        case 0xE00...0xE7F: .thai
        case 0xE80...0xEFF: .lao
        case 0x1000...0x109F: .myanmar
        case 0x10A0...0x10FF: .georgian
        case 0x1200...0x137F: .ethiopic
        case 0x1780...0x17FF: .khmer
        case 0x3041...0x30FF: .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: .han
        case 0xAC00...0xD7AF, 0x1100...0x11FF: .hangul
        default: nil
        }
    }
}
