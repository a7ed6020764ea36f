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
    public private(set) var origin: Pronunciation.Origin
    /// The UTF-8 of every grapheme and pronunciation: a text lexicon's file
    /// as read (its entries are not copied out of it), or the text of a PLS
    /// file's lexemes one after another.
    private var storage: [UInt8] = []
    /// Per entry, in file order: where it lies in ``storage``.
    private var records: [Record] = []
    /// The entries by the key of their first word, longest first.
    private var index = GraphemeIndex()
    /// The bytes its graphemes can match at a word's start.
    private var leadBytes = LeadBytes()
    /// What each entry says, made once, when it is first matched (shared
    /// by copies of the lexicon until one of them adds an entry).
    private var said = SpokenCache()
    /// Some grapheme is more than one word (`New York`): such an entry can
    /// span utterances cut at every word (``LexiconSet``).
    public private(set) var hasPhrases = false

    /// An entry as stored.
    private struct Record {
        /// The bytes of the grapheme in ``Lexicon/storage``.
        var grapheme: Range<Int32>
        /// The bytes of what is said (phonemes or alias) in ``Lexicon/storage``.
        var spoken: Range<Int32>
        /// The phonemes' alphabet; nil for an alias.
        var alphabet: PhoneticAlphabet?
        var isCaseSensitive: Bool
        /// Case-sensitive, and only ASCII letters and digits (most names):
        /// the text must hold its very bytes.
        var isExactASCII: Bool
    }

    public init(name: String, language: String?, origin: Pronunciation.Origin) {
        self.name = name
        self.language = language
        self.origin = origin
    }

    /// A lexicon whose entries will be read from `storage` (``add(grapheme:spoken:alphabet:)``).
    init(name: String, origin: Pronunciation.Origin, storage: [UInt8]) {
        self.init(name: name, language: nil, origin: origin)
        self.storage = storage
    }

    /// Every entry, in file order (made from the stored text when asked for).
    public var entries: [Entry] { records.indices.map(entry) }

    /// How many entries it has.
    public var count: Int { records.count }

    /// The entry numbered `number` (in file order).
    func entry(_ number: Int) -> Entry {
        Entry(grapheme: string(records[number].grapheme), spoken: spoken(number), isCaseSensitive: records[number].isCaseSensitive)
    }

    /// What entry number `number` says.
    func spoken(_ number: Int) -> Pronunciation.Spoken {
        if let spoken = said.spoken(number) { return spoken }
        let record = records[number]
        let text = string(record.spoken)
        return said.keep(record.alphabet.map { .phonemes(text, alphabet: $0) } ?? .alias(text), for: number)
    }

    private func string(_ range: Range<Int32>) -> String {
        storage.withUnsafeBufferPointer { String(decoding: $0[Int(range.lowerBound)..<Int(range.upperBound)], as: UTF8.self) }
    }

    /// Adds an entry; a grapheme already present keeps its first entry.
    mutating func add(_ grapheme: String, _ spoken: Pronunciation.Spoken) {
        let start = storage.count
        storage.append(contentsOf: grapheme.utf8)
        let middle = storage.count
        switch spoken {
        case .phonemes(let text, _), .alias(let text): storage.append(contentsOf: text.utf8)
        case .continued: break
        }
        var alphabet: PhoneticAlphabet? = nil
        if case .phonemes(_, let written) = spoken { alphabet = written }
        if !add(grapheme: start..<middle, spoken: middle..<storage.count, alphabet: alphabet) {
            storage.removeSubrange(start...)
        }
    }

    /// Adds the entry whose grapheme and pronunciation are the bytes
    /// `grapheme` and `spoken` of ``storage``, unless a grapheme already
    /// present is the same (it keeps its first entry).
    /// - Returns: whether it was added.
    @discardableResult
    mutating func add(grapheme: Range<Int>, spoken: Range<Int>, alphabet: PhoneticAlphabet?) -> Bool {
        let facts = storage.withUnsafeBufferPointer { buffer in
            let utf8 = UTF8Text(bytes: UnsafeBufferPointer(rebasing: buffer[grapheme]))
            return (key: WordScanner.firstWordKey(utf8), length: utf8.scalarCount(0..<grapheme.count), capital: utf8.hasCapital,
                ascii: utf8.bytes.allSatisfy(WordScanner.isASCIIWordByte))
        }
        guard let key = facts.key else { return false }
        let range = Int32(grapheme.lowerBound)..<Int32(grapheme.upperBound)
        var text: String?  // made only when another grapheme has the same key
        var candidate = index.first(key)
        while let other = candidate {
            text = text ?? string(range)
            if string(records[other].grapheme) == text { return false }
            candidate = index.after(other)
        }
        if !isKnownUniquelyReferenced(&said) { said = SpokenCache() }  // another copy may number its entries alike
        index.insert(records.count, key: key, length: facts.length)
        leadBytes.add(first: storage[grapheme.lowerBound], caseSensitive: facts.capital)
        records.append(Record(grapheme: range, spoken: Int32(spoken.lowerBound)..<Int32(spoken.upperBound), alphabet: alphabet,
            isCaseSensitive: facts.capital, isExactASCII: facts.capital && facts.ascii))
        if !hasPhrases, string(range).contains(where: \.isWhitespace) { hasPhrases = true }
        return true
    }

    /// A copy for one task on one core: its own cache of what entries say
    /// and its own copy of the origin's text, so the pronunciations it
    /// makes share no string with another core's. (Counting references to
    /// one string from two cores at once costs more than making the
    /// string: on a novel, every pronunciation holds the origin's text.)
    func forOneTask() -> Lexicon {
        var copy = self
        copy.said = SpokenCache()
        copy.origin = origin.withOwnText
        return copy
    }

    /// Room for about `count` entries, before reading them.
    mutating func reserveCapacity(_ count: Int) {
        records.reserveCapacity(count)
        index.reserveCapacity(count)
    }

    /// Whether every grapheme starts with an ASCII capital or beyond ASCII
    /// (a list of names): ``WordScanner`` then leaps from capital to capital.
    var startsOnlyWithCapitals: Bool { leadBytes.hasOnlyCapitalsInASCII }

    /// Whether some entry may match a word that starts with `byte` (false: none can).
    @inline(__always)
    func mayStartWord(with byte: UInt8) -> Bool {
        leadBytes.contains(byte)
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
        storage.withUnsafeBufferPointer { buffer in
            var candidate = index.first(key)
            while let number = candidate {
                let record = records[number]
                let grapheme = UTF8Text(bytes: UnsafeBufferPointer(rebasing: buffer[Int(record.grapheme.lowerBound)..<Int(record.grapheme.upperBound)]))
                if record.isExactASCII {
                    if let end = WordScanner.exactASCIIMatchEnd(of: grapheme, in: text, at: start) { return (number, end, .inWord) }
                } else if let (end, state) = WordScanner.matchEnd(
                    of: grapheme, caseSensitive: record.isCaseSensitive, in: text, at: start)
                {
                    return (number, end, state)
                }
                candidate = index.after(number)
            }
            return nil
        }
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
        return WordScanner.matches(of: self, in: text).first { $0.range == 0..<count }.map { entry($0.entry) }
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}

extension Pronunciation.Origin {
    /// The same origin with its text in storage of its own.
    fileprivate var withOwnText: Self {
        func copied(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
        switch self {
        case .inline: return .inline
        case .bookLexicon(let path): return .bookLexicon(copied(path))
        case .userLexicon(let name): return .userLexicon(copied(name))
        }
    }
}
