import BookModel

/// A pronunciation lexicon: spellings (graphemes) and how to say them, for
/// one language or for any. Read from a W3C PLS file (``init(pls:name:origin:)``)
/// or narrate's one-entry-per-line text format (``init(text:name:origin:)``);
/// applied to utterances by ``LexiconSet``.
///
/// Matching (documented in docs/pronunciation.md): whole words only — a
/// grapheme matches where the text has a word boundary on both sides, and
/// a possessive `'s` may follow it; a grapheme written all in lower case
/// matches any capitalisation (`paris` also matches `Paris` and `PARIS`),
/// one with a capital letter matches only that spelling (`Reading` the
/// town, not `reading`); spaces in a grapheme match any run of white space;
/// the longest grapheme wins where several start at one word.
public struct Lexicon: Sendable {
    /// One spelling and what to say for it.
    public struct Entry: Hashable, Sendable {
        /// The spelling as written in the lexicon.
        public var grapheme: String
        public var spoken: Pronunciation.Spoken
        /// Whether only this exact capitalisation matches.
        var isCaseSensitive: Bool
        /// The spelling as scalars, for matching.
        var scalars: [Unicode.Scalar]

        init(grapheme: String, spoken: Pronunciation.Spoken) {
            self.grapheme = grapheme
            self.spoken = spoken
            scalars = Array(grapheme.unicodeScalars)
            isCaseSensitive = scalars.contains { $0.isASCII ? $0.value &- 0x41 < 26 : $0.properties.isUppercase }
        }
    }

    /// The file's name, for messages and the pronunciations' origin.
    public let name: String
    /// BCP 47 tag of the words it holds; nil when it applies to every language.
    public internal(set) var language: String?
    /// What pronunciations from this lexicon record as their origin.
    public let origin: Pronunciation.Origin
    /// Every entry, in file order.
    public private(set) var entries: [Entry] = []
    /// Hash of the lower-cased first word of a grapheme → indices of its
    /// entries, longest first.
    private var index: [UInt64: [Int]] = [:]
    /// One bit per low 16 bits of the keys in ``index``: most words of a
    /// book are in no lexicon, and this rules them out without a lookup.
    private var keyBits = [UInt64](repeating: 0, count: 1024)

    public init(name: String, language: String?, origin: Pronunciation.Origin) {
        self.name = name
        self.language = language
        self.origin = origin
    }

    /// Adds an entry; a grapheme already present keeps its first entry.
    mutating func add(_ grapheme: String, _ spoken: Pronunciation.Spoken) {
        let entry = Entry(grapheme: grapheme, spoken: spoken)
        guard let key = WordScanner.firstWordKey(entry.scalars) else { return }
        keyBits[Int(key & 0xFFFF) >> 6] |= 1 << (key & 63)
        guard var candidates = index.removeValue(forKey: key) else {
            entries.append(entry)
            index[key] = [entries.count - 1]
            return
        }
        if !candidates.contains(where: { entries[$0].grapheme == grapheme }) {
            entries.append(entry)
            candidates.append(entries.count - 1)
            candidates.sort { entries[$0].scalars.count > entries[$1].scalars.count }
        }
        index[key] = candidates
    }

    /// Room for about `count` entries, before reading them.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        index.reserveCapacity(count)
    }

    /// Whether some entry may have the key `key` (false: none has).
    @inline(__always)
    func mayHave(_ key: UInt64) -> Bool {
        keyBits[Int(key & 0xFFFF) >> 6] & (1 << (key & 63)) != 0
    }

    /// The longest entry whose grapheme's first word has the key `key`
    /// (see ``WordScanner/keyHash(_:)``) and that is in `text` at `start`.
    func match(forWord key: UInt64, in text: UTF8Text, at start: UTF8Text.Position)
        -> (entry: Entry, end: UTF8Text.Position, lastTwo: (Unicode.Scalar, Unicode.Scalar))?
    {
        guard let indices = index[key] else { return nil }
        for candidate in indices {
            let entry = entries[candidate]
            if let (end, lastTwo) = WordScanner.matchEnd(of: entry, in: text, at: start) {
                return (entry, end, lastTwo)
            }
        }
        return nil
    }

    /// Whether the lexicon speaks for text in `language` (nil: unknown,
    /// which every lexicon does).
    public func applies(to language: String?) -> Bool {
        guard let own = self.language, let language else { return true }
        return own == language || Self.sameLanguage(own, language)
    }

    /// Same language when equal or one is a more specific form of the other
    /// (`en` and `en-GB`), ignoring case and `_`.
    static func sameLanguage(_ tag: String, _ other: String) -> Bool {
        let a = tag.lowercased().replacingUnderscores(), b = other.lowercased().replacingUnderscores()
        return a == b || a.hasPrefix(b + "-") || b.hasPrefix(a + "-")
    }

    /// The entry for a word or phrase as it would match in text, if any.
    public func entry(for text: String) -> Entry? {
        let count = text.unicodeScalars.count
        return WordScanner.matches(of: self, in: text).first { $0.range == 0..<count }?.entry
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
