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
    }

    /// The file's name, for messages and the pronunciations' origin.
    public let name: String
    /// BCP 47 tag of the words it holds; nil when it applies to every language.
    public internal(set) var language: String?
    /// What pronunciations from this lexicon record as their origin.
    public let origin: Pronunciation.Origin
    /// Every entry, in file order.
    public private(set) var entries: [Entry] = []
    /// The entries by the key of their first word, longest first.
    private var index = GraphemeIndex()

    public init(name: String, language: String?, origin: Pronunciation.Origin) {
        self.name = name
        self.language = language
        self.origin = origin
    }

    /// Adds an entry; a grapheme already present keeps its first entry.
    mutating func add(_ grapheme: String, _ spoken: Pronunciation.Spoken) {
        var utf8 = grapheme
        utf8.withUTF8 { add(grapheme, utf8: UTF8Text(bytes: $0), spoken) }
    }

    /// Adds an entry whose grapheme's UTF-8 is `utf8`.
    mutating func add(_ grapheme: String, utf8: UTF8Text, _ spoken: Pronunciation.Spoken) {
        guard let key = WordScanner.firstWordKey(utf8) else { return }
        let added = index.insert(entries.count, key: key, length: utf8.scalarCount(0..<utf8.bytes.count)) {
            entries[$0].grapheme == grapheme
        }
        if added { entries.append(Entry(grapheme: grapheme, spoken: spoken, isCaseSensitive: utf8.hasCapital)) }
    }

    /// Room for about `count` entries, before reading them.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        index.reserveCapacity(count)
    }

    /// Whether some entry may have the key `key` (false: none has).
    @inline(__always)
    func mayHave(_ key: UInt64) -> Bool {
        index.mayHave(key)
    }

    /// The longest entry whose grapheme's first word has the key `key`
    /// (see ``WordScanner/KeyHasher``) and that is in `text` at byte
    /// `start`: the entry's number, the byte after it, and how the text
    /// goes on.
    func match(forWord key: UInt64, in text: UTF8Text, at start: Int)
        -> (entry: Int, end: Int, state: WordScanner.State)?
    {
        var candidate = index.first(key)
        while let number = candidate {
            if let (end, state) = WordScanner.matchEnd(of: entries[number], in: text, at: start) {
                return (number, end, state)
            }
            candidate = index.after(number)
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
        return WordScanner.matches(of: self, in: text).first { $0.range == 0..<count }.map { entries[$0.entry] }
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
