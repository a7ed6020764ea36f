import BookModel
import TextPrimitives

/// The words of a book, counted: for `narrate words`, which lists those
/// espeak-ng would say by its spelling rules, most frequent first.
///
/// A word is a run of letters (with marks and inner apostrophes, without a
/// possessive `'s`) of at least two letters and no digits; words are told
/// apart by their lower-case spelling and their language.
public struct WordCensus: Sendable {
    /// One word of the book.
    public struct Word: Hashable, Sendable {
        /// Its most frequent spelling in the book.
        public var spelling: String
        /// BCP 47 tag of the text it is in (the utterance's, else the book's).
        public var language: String?
        /// How many times it occurs.
        public var count: Int
        /// Where it first occurs (up to three places: source or page and utterance).
        public var places: [String]
        /// True when every occurrence starts with a capital: a name, usually.
        public var isAlwaysCapitalised: Bool
        /// The pronunciation the book or a lexicon gives it, where one does.
        public var pronunciation: Pronunciation?
    }

    /// Words in order of decreasing count, then spelling.
    public private(set) var words: [Word] = []

    public init(_ book: Book) {
        var byKey: [String: Int] = [:]
        var spellings: [[String: Int]] = []
        for (pageIndex, page) in book.pages.enumerated() {
            for (utteranceIndex, utterance) in page.utterances.enumerated() {
                let language = utterance.language ?? book.metadata.language
                let place = utterance.source?.description ?? "page \(pageIndex + 1), utterance \(utteranceIndex + 1)"
                let scalars = Array(utterance.text.unicodeScalars)
                for range in Self.wordRanges(scalars) {
                    let spelling = Self.string(scalars[range])
                    let key = spelling.lowercased() + "\u{0}" + (language?.lowercased() ?? "")
                    let index = byKey[key] ?? {
                        words.append(Word(spelling: spelling, language: language, count: 0, places: [],
                            isAlwaysCapitalised: true, pronunciation: nil))
                        spellings.append([:])
                        byKey[key] = words.count - 1
                        return words.count - 1
                    }()
                    words[index].count += 1
                    spellings[index][spelling, default: 0] += 1
                    if words[index].places.count < 3, words[index].places.last != place { words[index].places.append(place) }
                    if !Self.isUppercase(scalars[range.lowerBound]) { words[index].isAlwaysCapitalised = false }
                    if words[index].pronunciation == nil,
                        let said = utterance.pronunciations.first(where: { $0.range == range })
                    {
                        words[index].pronunciation = said
                    }
                }
            }
        }
        for index in words.indices {
            words[index].spelling = spellings[index].max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? words[index].spelling
        }
        words.sort { ($0.count, $1.spelling) > ($1.count, $0.spelling) }
    }

    /// The words of a text: runs of word scalars (inner apostrophes kept,
    /// a possessive `'s` left off), two letters or more, without digits.
    static func wordRanges(_ text: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < text.count {
            guard WordScanner.isWordScalar(text[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < text.count, WordScanner.isWordScalar(text[index])
                || (isApostrophe(text[index]) && index + 1 < text.count && WordScanner.isWordScalar(text[index + 1])
                    && !WordScanner.isPossessive(text, at: index))
            {
                index += 1
            }
            let word = text[start..<index]
            if word.lazy.filter(ScalarClass.isLetter).count >= 2, !word.contains(where: isNumeric) {
                ranges.append(start..<index)
            }
        }
        return ranges
    }

    /// The scalars as a string, encoded once into its storage (appending
    /// them to a `String.UnicodeScalarView` one by one was half the command).
    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        let length = scalars.reduce(0) { $0 + UTF8.width($1) }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var count = 0
            for scalar in scalars {
                UTF8.encode(scalar) { byte in
                    buffer[count] = byte
                    count += 1
                }
            }
            return count
        }
    }

    private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool { scalar == "'" || scalar == "\u{2019}" }

    // Numeric (any numeric type, not only decimal digits) and uppercase
    // (capitals, not titlecase) as Unicode says, ASCII's answered without a
    // lookup: its only numeric scalars are the ten digits, its only
    // capitals A–Z. (Letters are ScalarClass's: Unicode's Alphabetic.)

    private static func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value &- 0x30 < 10 : scalar.properties.numericType != nil
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value &- 0x41 < 26 : scalar.properties.isUppercase
    }
}
