import BookModel
import TextPrimitives

/// Guesses the language of plain text: from its script first (Cyrillic,
/// Greek, Hebrew, Arabic, kana and kanji, Hangul, Devanagari, Thai…, with
/// the letters that tell related languages apart), then, for Latin script,
/// from how often each language's commonest words occur. Returns nil when no
/// language clearly leads; good enough to pick abbreviation lists and a voice.
enum LanguageGuesser {
    /// How many characters from the start of the text are looked at.
    static let sampleLength = 20_000

    /// The language of a book, from a sample of its text (a short text
    /// needs fewer common words: one per 40 letters, at least 4).
    static func guess(_ text: Substring) -> String? {
        let sample = String(text.prefix(sampleLength))
        return guess(sample, minimumStopWords: min(20, max(4, sample.count / 40)))
    }

    /// The language of one paragraph, when it is long enough to tell: by
    /// script from 12 letters, by common words from 6 hits, in its first
    /// 600 bytes.
    static func guessParagraph(_ text: String) -> String? {
        guess(text, minimumStopWords: 6, minimumLetters: 12, bytes: 600)
    }

    /// By script when the text has letters beyond Latin (checked on its
    /// UTF-8, so Latin text costs one pass over bytes), else by common words.
    private static func guess(_ text: String, minimumStopWords: Int, minimumLetters: Int = 1, bytes limit: Int = .max)
        -> String?
    {
        return text.withUTF8Bytes { all in
            let bytes = UnsafeBufferPointer(rebasing: all.prefix(limit))
            if LatinBytes.hasOtherLetters(bytes) {
                let census = ScriptCensus(Substring(String(decoding: bytes, as: UTF8.self)))
                guard census.letters >= minimumLetters else { return nil }
                if let script = census.leadingScript { return script }
            }
            return byStopWords(bytes, minimum: minimumStopWords)
        }
    }

    /// The language whose common words occur most, at least `minimum`
    /// times and half again as often as the next.
    private static func byStopWords(_ bytes: UnsafeBufferPointer<UInt8>, minimum: Int) -> String? {
        var counter = StopWordCounter()
        counter.count(bytes)
        let counts = counter.counts
        // The most counted (the first in `languages` order among equals) and the count after it.
        guard var best = counts.indices.first else { return nil }
        var second = 0
        for index in counts.indices.dropFirst() {
            if counts[index] > counts[best] {
                (best, second) = (index, counts[best])
            } else {
                second = max(second, counts[index])
            }
        }
        guard counts[best] >= minimum else { return nil }
        return Double(counts[best]) >= Double(second) * 1.5 ? languages[best] : nil
    }

    /// Counts the common words of each language in UTF-8 text: words are
    /// read straight from the bytes (ASCII lowercased; Latin-1 and Latin
    /// Extended-A letters kept as they are) and looked up with their bytes
    /// packed into an integer, so nothing is allocated per word.
    private struct StopWordCounter {
        private(set) var counts = [Int](repeating: 0, count: languages.count)
        private var packed: UInt64 = 0
        private var length = 0

        mutating func count(_ bytes: UnsafeBufferPointer<UInt8>) {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    if (byte | 0x20) &- 0x61 < 26 || byte == 0x27 {
                        append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                    } else {
                        endWord()
                    }
                    index += 1
                    continue
                }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if byte >= 0xC3 && byte <= 0xC5 && index + 1 < bytes.count {  // à é ä ø ą ł…: letters
                    append(byte)
                    append(bytes[index + 1])
                } else if byte == 0xC2 || byte == 0xE2 {  // « » no-break space, quotes, dashes: no letters
                    endWord()
                } else {
                    self.length += length  // other letters: no common word has them
                }
                index += length
            }
            endWord()
        }

        private mutating func append(_ byte: UInt8) {
            if length < 8 { packed |= UInt64(byte) << (8 * UInt64(length)) }
            length += 1
        }

        mutating func endWord() {
            if length > 0, length <= longestStopWord, let mask = stopWordTable.mask(of: packed) {
                for index in 0..<counts.count where mask & (1 << index) != 0 { counts[index] += 1 }
            }
            packed = 0
            length = 0
        }
    }

    /// The most UTF-8 bytes a stop word has: longer words are not looked up.
    private static let longestStopWord = stopWords.values.joined().map(\.utf8.count).max() ?? 0

    /// ``stopWordMasks`` in an open-addressing table looked up with one
    /// multiplication (a `Dictionary` hashes every word with SipHash).
    private static let stopWordTable = PackedWordTable(stopWordMasks)

    /// Packed words and their language masks in a power-of-two table,
    /// probed linearly from a multiplicative hash; an empty slot is 0 (no
    /// word packs to 0).
    struct PackedWordTable {
        private let keys: [UInt64]
        private let masks: [UInt16]
        private let shift: UInt64

        init(_ entries: [UInt64: UInt16]) {
            var bits: UInt64 = 4
            while 1 << bits < entries.count * 4 { bits += 1 }
            shift = 64 - bits
            var keys = [UInt64](repeating: 0, count: 1 << bits)
            var masks = [UInt16](repeating: 0, count: 1 << bits)
            for (key, mask) in entries {
                var slot = Self.slot(of: key, shift: shift)
                while keys[slot] != 0 { slot = (slot + 1) & (keys.count - 1) }
                (keys[slot], masks[slot]) = (key, mask)
            }
            (self.keys, self.masks) = (keys, masks)
        }

        private static func slot(of key: UInt64, shift: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        }

        func mask(of key: UInt64) -> UInt16? {
            var slot = Self.slot(of: key, shift: shift)
            while true {
                let found = keys[slot]
                if found == key { return masks[slot] }
                if found == 0 { return nil }
                slot = (slot + 1) & (keys.count - 1)
            }
        }
    }

    /// The languages of ``stopWords``, in a fixed order (bit positions).
    private static let languages = stopWords.keys.sorted()

    /// Each stop word, its UTF-8 packed into an integer, and the languages
    /// (bits in ``languages`` order) it belongs to.
    private static let stopWordMasks: [UInt64: UInt16] = {
        var masks: [UInt64: UInt16] = [:]
        for (index, language) in languages.enumerated() {
            for word in stopWords[language] ?? [] {
                let bytes = Array(word.utf8)
                guard bytes.count <= 8 else { continue }
                let packed = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
                masks[packed, default: 0] |= 1 << index
            }
        }
        return masks
    }()

    static let stopWords: [String: Set<String>] = [
        "en": ["the", "and", "of", "to", "is", "was", "that", "with", "for", "it", "he", "she", "you", "this"],
        "fr": ["le", "la", "les", "et", "est", "des", "une", "que", "qui", "dans", "pour", "pas", "sur", "du"],
        "de": ["der", "die", "das", "und", "ist", "nicht", "ein", "eine", "mit", "sich", "auf", "dem", "den", "zu"],
        "es": ["el", "los", "las", "y", "es", "que", "una", "por", "con", "para", "del", "se", "lo", "como"],
        "it": ["il", "di", "che", "è", "non", "un", "per", "della", "gli", "sono", "alla", "nel", "anche", "ho"],
        "pt": ["o", "os", "não", "uma", "com", "para", "do", "da", "em", "que", "se", "mais", "ao", "são"],
        "nl": ["de", "het", "een", "en", "van", "is", "niet", "dat", "zijn", "ik", "op", "te", "met", "voor"],
        "sv": ["och", "att", "det", "som", "är", "en", "på", "inte", "jag", "för", "med", "har", "av", "till"],
        "da": ["og", "at", "det", "er", "en", "på", "ikke", "jeg", "til", "med", "har", "af", "som", "der"],
        "pl": ["nie", "na", "się", "że", "jest", "do", "jak", "co", "ale", "tak", "jego", "był", "czy", "tylko"],
        "cs": ["je", "se", "na", "že", "do", "jsem", "ale", "jako", "není", "jsou", "bylo", "který", "také", "jeho"],
        "fi": ["ja", "on", "ei", "se", "että", "oli", "hän", "mutta", "kun", "niin", "ole", "minä", "tämä", "ovat"],
    ]
}


/// UTF-8 read for its letters without decoding it.
enum LatinBytes {
    /// The bytes hold a letter of a script other than Latin: a lead byte of
    /// Greek, Cyrillic and beyond (not Latin Extended, combining marks,
    /// Vietnamese, punctuation, symbols or emoji).
    static func hasOtherLetters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0xCE {
                index += byte < 0x80 ? 1 : 2
                continue
            }
            switch byte {
            case 0xE1 where index + 1 < bytes.count && (0xB8...0xBB).contains(bytes[index + 1]): index += 3  // Latin Extended Additional
            case 0xE2, 0xEF: index += 3  // punctuation, symbols, specials
            case 0xF0...0xF4: index += 4  // emoji and the rest of the supplementary planes
            default: return true
            }
        }
        return false
    }
}
