import BookModel

/// Turns phonemes written in IPA, X-SAMPA or espeak-ng's own notation into
/// the mnemonics espeak-ng reads between `[[` and `]]`, for one phoneme
/// table (the voice's language).
///
/// IPA is read longest match first against the table's own sounds (as
/// espeak-ng writes them in IPA), so `aɪ` becomes the diphthong `aI` and
/// `tʃ` the affricate `tS`. Stress marks (`ˈ` `ˌ`) become `'` and `,`;
/// a length mark the table has no long phoneme for becomes espeak's `:`;
/// a few diacritics espeak does not distinguish are left out; a symbol the
/// table lacks is tried as the nearest sounds of ``IPASymbols/substitutes``.
/// Anything else is unmapped, and the caller says the text as written.
public struct PhonemeConverter: Sendable {
    public let inventory: ESpeakPhonemeInventory

    public init(inventory: ESpeakPhonemeInventory) {
        self.inventory = inventory
    }

    /// Why phonemes could not be converted: the first symbol with no espeak-ng
    /// phoneme in the table.
    public struct Unmapped: Error, Hashable, Sendable, CustomStringConvertible {
        /// The symbol as written (with its diacritics).
        public var symbol: String
        /// The phoneme table that lacks it.
        public var table: String

        public init(symbol: String, table: String) {
            self.symbol = symbol
            self.table = table
        }

        public var description: String { "no espeak-ng phoneme for \"\(symbol)\" in \(table)" }
    }

    /// espeak-ng mnemonics for `phonemes` written in `alphabet`, without the
    /// surrounding `[[ ]]`.
    public func mnemonics(for phonemes: String, alphabet: PhoneticAlphabet) -> Result<String, Unmapped> {
        switch alphabet {
        case .espeak:
            var inner = Substring(phonemes.trimmed())
            if inner.hasPrefix("[[") { inner = inner.dropFirst(2) }
            if inner.hasSuffix("]]") { inner = inner.dropLast(2) }
            // "]]" inside would end phoneme input and read the rest as text.
            if inner.contains("]]") { return .failure(Unmapped(symbol: "]]", table: "espeak-ng mnemonics")) }
            return .success(String(inner))
        case .xSampa:
            switch XSAMPA.ipa(phonemes) {
            case .success(let ipa): return mnemonics(forIPA: ipa)
            case .failure(let unknown): return .failure(Unmapped(symbol: unknown.symbol, table: "X-SAMPA"))
            }
        case .ipa:
            return mnemonics(forIPA: phonemes)
        }
    }

    private func mnemonics(forIPA ipa: String) -> Result<String, Unmapped> {
        let scalars = IPASymbols.normalized(ipa)
        var output = ""
        var index = 0
        while index < scalars.count {
            switch step(scalars, at: index, allowSubstitutes: true) {
            case .success(let (text, length)):
                output += text
                index += length
            case .failure(let unmapped):
                return .failure(unmapped)
            }
        }
        return .success(output.collapsingSpaces())
    }

    /// The mnemonics for the symbol at `index` and how many scalars it took.
    private func step(_ scalars: [Unicode.Scalar], at index: Int, allowSubstitutes: Bool)
        -> Result<(String, Int), Unmapped>
    {
        let scalar = scalars[index]
        if scalar == IPASymbols.primaryStress { return .success(("'", 1)) }
        if scalar == IPASymbols.secondaryStress { return .success((",", 1)) }
        if scalar.properties.isWhitespace { return .success((" ", 1)) }
        if let (mnemonic, length) = longestMatch(scalars, at: index) { return .success((mnemonic, length)) }
        if scalar == IPASymbols.long || scalar == IPASymbols.halfLong { return .success((":", 1)) }
        if IPASymbols.droppable.contains(scalar) { return .success(("", 1)) }
        let symbol = Self.symbol(scalars, at: index)
        if allowSubstitutes, let substitute = substitute(for: scalar) { return .success((substitute, 1)) }
        return .failure(Unmapped(symbol: symbol, table: inventory.table))
    }

    private func longestMatch(_ scalars: [Unicode.Scalar], at index: Int) -> (String, Int)? {
        let limit = min(inventory.longestKey, scalars.count - index)
        guard limit > 0 else { return nil }
        for length in stride(from: limit, through: 1, by: -1) {
            let key = String(String.UnicodeScalarView(scalars[index..<(index + length)]))
            if let mnemonic = inventory.mnemonicForIPA[key] { return (mnemonic, length) }
        }
        return nil
    }

    /// The first of the symbol's substitutes the table can say whole.
    private func substitute(for scalar: Unicode.Scalar) -> String? {
        guard let candidates = IPASymbols.substitutes[String(scalar)] else { return nil }
        if candidates.isEmpty { return "" }
        for candidate in candidates {
            let scalars = Array(candidate.unicodeScalars)
            var output = ""
            var index = 0
            var failed = false
            while index < scalars.count, !failed {
                switch step(scalars, at: index, allowSubstitutes: false) {
                case .success(let (text, length)):
                    output += text
                    index += length
                case .failure:
                    failed = true
                }
            }
            if !failed { return output }
        }
        return nil
    }

    /// A symbol for messages: a combining mark with the letter before it.
    private static func symbol(_ scalars: [Unicode.Scalar], at index: Int) -> String {
        let scalar = scalars[index]
        if scalar.properties.generalCategory == .nonspacingMark, index > 0 {
            return String(String.UnicodeScalarView([scalars[index - 1], scalar]))
        }
        var symbol = String(scalar)
        var next = index + 1
        while next < scalars.count, scalars[next].properties.generalCategory == .nonspacingMark {
            symbol.unicodeScalars.append(scalars[next])
            next += 1
        }
        return symbol
    }
}

extension String {
    fileprivate func trimmed() -> String {
        String(unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
            .map(Character.init))
    }

    /// Runs of spaces become one; none at the ends.
    fileprivate func collapsingSpaces() -> String {
        split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
