/// How a stretch of an utterance's text is to be said when it is not to be
/// said as written: a name from the book's pronunciation lexicon, an
/// `ssml:ph` attribute, a user's correction. The text itself stays exact;
/// the pronunciation lies beside it, so displays, exports and word timings
/// still show the words as authored.
public struct Pronunciation: Hashable, Sendable {
    /// The stretch of ``Utterance/text`` it covers, in Unicode scalars.
    public var range: Range<Int>
    /// What is said instead of the text in ``range``.
    public var spoken: Spoken
    /// Where it came from, for `narrate dump`, `narrate words` and for
    /// choosing between overlapping pronunciations.
    public var origin: Origin

    public init(range: Range<Int>, spoken: Spoken, origin: Origin) {
        self.range = range
        self.spoken = spoken
        self.origin = origin
    }

    /// What is said in place of the text.
    public enum Spoken: Hashable, Sendable {
        /// Phonemes in a phonetic alphabet, as authored (`ˈθɜrti dɪˈgriz`).
        case phonemes(String, alphabet: PhoneticAlphabet)
        /// Other text to say instead (PLS `<alias>`, a user's replacement).
        case alias(String)
        /// Said by the pronunciation of an earlier utterance that this one
        /// continues (a phrase cut into per-word utterances): silent here.
        case continued
    }

    /// Where a pronunciation came from; later cases win over earlier ones
    /// when two cover the same text.
    public enum Origin: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// A lexicon of the book (a PLS file in an EPUB); its archive path.
        case bookLexicon(String)
        /// A lexicon the user gave (`--lexicon`, or the one beside the book); its file name.
        case userLexicon(String)
        /// Phonemes written on the text itself (`ssml:ph` in the XHTML).
        case inline

        /// `book lexicon OEBPS/names.pls`, `lexicon names.lexicon`, `ssml:ph`.
        public var description: String {
            switch self {
            case .bookLexicon(let path): "book lexicon \(path)"
            case .userLexicon(let path): "lexicon \(path)"
            case .inline: "ssml:ph"
            }
        }

        /// Precedence: inline phonemes, then the user's lexicons, then the book's.
        public static func < (lhs: Origin, rhs: Origin) -> Bool { lhs.rank < rhs.rank }

        private var rank: Int {
            switch self {
            case .bookLexicon: 0
            case .userLexicon: 1
            case .inline: 2
            }
        }
    }
}

/// The notation of phonemes in a lexicon or in `ssml:alphabet`.
public enum PhoneticAlphabet: String, Hashable, Sendable, CaseIterable {
    /// The International Phonetic Alphabet (`ipa`).
    case ipa
    /// X-SAMPA, IPA in ASCII (`x-sampa`).
    case xSampa = "x-sampa"
    /// espeak-ng's own phoneme mnemonics (`x-espeak`), passed through as they are.
    case espeak = "x-espeak"

    /// The alphabet an `alphabet` attribute names, ignoring case; nil for
    /// one narrate does not read.
    public init?(name: String) {
        switch name.lowercased() {
        case "ipa": self = .ipa
        case "x-sampa", "xsampa", "sampa": self = .xSampa
        case "x-espeak", "espeak": self = .espeak
        default: return nil
        }
    }
}

extension Array where Element == Pronunciation {
    /// The pronunciations wholly inside `range` of their text, with ranges
    /// counted from its start: those of a piece of an utterance.
    public func within(_ range: Range<Int>) -> [Pronunciation] {
        compactMap { pronunciation in
            guard range.contains(pronunciation.range.lowerBound), pronunciation.range.upperBound <= range.upperBound
            else { return nil }
            var piece = pronunciation
            piece.range = (pronunciation.range.lowerBound - range.lowerBound)..<(pronunciation.range.upperBound - range.lowerBound)
            return piece
        }
    }
}
