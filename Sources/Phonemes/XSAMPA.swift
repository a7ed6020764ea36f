/// X-SAMPA, the ASCII spelling of the IPA, read into IPA (the standard
/// chart: `"` primary stress, `%` secondary, `:` long, `{` æ, `@` ə,
/// backslash and backquote variants, `_` diacritics).
enum XSAMPA {
    /// The IPA for an X-SAMPA string, or the first symbol it does not know
    /// and where (0-based, in characters).
    static func ipa(_ text: String) -> Result<String, UnknownSymbol> {
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            guard let (ipa, length) = longestMatch(characters, at: index) else {
                return .failure(UnknownSymbol(symbol: String(characters[index]), offset: index))
            }
            result += ipa
            index += length
        }
        return .success(result)
    }

    /// A symbol with no IPA, and its 0-based place in the input.
    struct UnknownSymbol: Error, Equatable {
        var symbol: String
        var offset: Int
    }

    private static func longestMatch(_ characters: [Character], at index: Int) -> (String, Int)? {
        for length in stride(from: min(longestSymbol, characters.count - index), through: 1, by: -1) {
            if let ipa = table[String(characters[index..<(index + length)])] { return (ipa, length) }
        }
        return nil
    }

    private static let longestSymbol = table.keys.map(\.count).max() ?? 1

    /// X-SAMPA symbol → IPA.
    static let table: [String: String] = [
        // lower case
        "a": "a", "b": "b", "b_<": "ɓ", "c": "c", "d": "d", "d`": "ɖ", "d_<": "ɗ", "e": "e", "f": "f",
        "g": "ɡ", "g_<": "ɠ", "h": "h", "h\\": "ɦ", "i": "i", "j": "j", "j\\": "ʝ", "k": "k", "l": "l",
        "l`": "ɭ", "l\\": "ɺ", "m": "m", "n": "n", "n`": "ɳ", "o": "o", "p": "p", "p\\": "ɸ", "q": "q",
        "r": "r", "r`": "ɽ", "r\\": "ɹ", "r\\`": "ɻ", "s": "s", "s`": "ʂ", "s\\": "ɕ", "t": "t", "t`": "ʈ",
        "u": "u", "v": "v", "v\\": "ʋ", "w": "w", "x": "x", "x\\": "ɧ", "y": "y", "z": "z", "z`": "ʐ",
        "z\\": "ʑ",
        // upper case
        "A": "ɑ", "B": "β", "B\\": "ʙ", "C": "ç", "D": "ð", "E": "ɛ", "F": "ɱ", "G": "ɣ", "G\\": "ɢ",
        "G\\_<": "ʛ", "H": "ɥ", "H\\": "ʜ", "I": "ɪ", "I\\": "ᵻ", "J": "ɲ", "J\\": "ɟ", "J\\_<": "ʄ",
        "K": "ɬ", "K\\": "ɮ", "L": "ʎ", "L\\": "ʟ", "M": "ɯ", "M\\": "ɰ", "N": "ŋ", "N\\": "ɴ", "O": "ɔ",
        "O\\": "ʘ", "P": "ʋ", "Q": "ɒ", "R": "ʁ", "R\\": "ʀ", "S": "ʃ", "T": "θ", "U": "ʊ", "U\\": "ᵿ",
        "V": "ʌ", "W": "ʍ", "X": "χ", "X\\": "ħ", "Y": "ʏ", "Z": "ʒ",
        // other symbols
        ".": ".", "\"": "ˈ", "%": "ˌ", "'": "ʲ", ":": "ː", ":\\": "ˑ", "@": "ə", "@\\": "ɘ", "@`": "ɚ",
        "{": "æ", "}": "ʉ", "1": "ɨ", "2": "ø", "3": "ɜ", "3\\": "ɞ", "4": "ɾ", "5": "ɫ", "6": "ɐ",
        "7": "ɤ", "8": "ɵ", "9": "œ", "&": "ɶ", "?": "ʔ", "?\\": "ʕ", "<\\": "ʢ", ">\\": "ʡ", "^": "ꜛ",
        "!": "ꜜ", "!\\": "ǃ", "|": "|", "|\\": "ǀ", "||": "‖", "|\\|\\": "ǁ", "=\\": "ǂ", "-\\": "‿",
        "`": "˞", "~": "\u{0303}", "=": "\u{0329}", " ": " ", "-": "",
        // diacritics
        "_\"": "\u{0308}", "_+": "\u{031F}", "_-": "\u{0320}", "_/": "\u{030C}", "_0": "\u{0325}",
        "_=": "\u{0329}", "_>": "ʼ", "_?\\": "ˤ", "_\\": "\u{0302}", "_^": "\u{032F}", "_}": "\u{031A}",
        "_~": "\u{0303}", "_A": "\u{0318}", "_a": "\u{033A}", "_B": "\u{030F}", "_c": "\u{031C}",
        "_d": "\u{032A}", "_e": "\u{0334}", "_F": "\u{0302}", "_G": "ˠ", "_H": "\u{0301}", "_h": "ʰ",
        "_j": "ʲ", "_k": "\u{0330}", "_L": "\u{0300}", "_l": "ˡ", "_M": "\u{0304}", "_m": "\u{033B}",
        "_N": "\u{033C}", "_n": "ⁿ", "_O": "\u{0339}", "_o": "\u{031E}", "_q": "\u{0319}", "_R": "\u{030C}",
        "_r": "\u{031D}", "_T": "\u{030B}", "_t": "\u{0324}", "_v": "\u{032C}", "_w": "ʷ", "_X": "\u{0306}",
        "_x": "\u{033D}",
    ]
}
