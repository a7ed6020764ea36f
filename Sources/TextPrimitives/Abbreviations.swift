/// Per-language knowledge the sentence splitter uses: abbreviations by how
/// they behave before the next word, the words that commonly open a sentence
/// (to decide after an abbreviation that can also end one), and the
/// language's own punctuation habits.
///
/// Abbreviations are stored lowercased, without their final period, inner
/// periods kept (`e.g`, `z.b`). The lists of every language are in
/// `Abbreviations+Languages.swift`.
package struct Abbreviations: Sendable {
    /// Titles and name prefixes: never end a sentence (`Mr. Smith`, `Dr. No`).
    package let titles: Set<String>
    /// Abbreviations before a number: no break when a digit follows (`No. 5`).
    package let numberPrefixes: Set<String>
    /// Abbreviations that practically never end a sentence (`e.g.`, `vs.`).
    package let inner: Set<String>
    /// Abbreviations that may end a sentence (`etc.`, `a.m.`, `Jr.`): a break
    /// only when a common sentence opener follows.
    package let terminal: Set<String>
    /// Units of measure after a number (`250 ft.`, `5 km.`): a break before
    /// any capitalised word, as they end sentences more often than names
    /// follow them.
    package let units: Set<String>
    /// Lowercased words that often open a sentence.
    package let sentenceOpeners: Set<String>
    /// Lowercased question words that make a wh-question.
    package let questionWords: Set<String>
    /// Lowercased verbs of a speech tag (`said`, `asked`): `“Where?” Holmes
    /// asked.` is one sentence.
    package let speechVerbs: Set<String>

    /// Word endings that make an abbreviation before a number (German street
    /// names: `Hauptstr. 5`).
    package let numberPrefixEndings: [String]
    /// The language's conventions beyond abbreviations.
    package let conventions: Conventions
    /// The most letters an abbreviation made of letters only has: a word of
    /// letters only that is longer is none of them.
    package let longestKey: Int

    /// Which of ``titles``, ``inner`` and ``terminal`` hold a key: one lookup
    /// for the word before each period instead of three.
    private let kinds: [String: Kinds]

    package struct Kinds: OptionSet {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let title = Kinds(rawValue: 1)
        package static let inner = Kinds(rawValue: 2)
        package static let terminal = Kinds(rawValue: 4)
        package static let unit = Kinds(rawValue: 8)
    }

    /// Punctuation habits of a language that change where sentences end.
    package struct Conventions: Sendable {
        /// A number with a period is an ordinal (German `am 12. Juni`,
        /// Slovak `XII. Pluku`): no break before a capitalised word unless
        /// it opens sentences.
        package var ordinalPeriods = false
        /// Marks that end a sentence in this language only, before a space
        /// (Armenian `:`, Arabic and Persian `:`, Greek `;`, the question mark).
        package var extraTerminators: Set<Unicode.Scalar> = []
        /// A period after a whole word ends the sentence even before a
        /// lowercase word (Greek: `κανένας. το κόστος`).
        package var breaksBeforeLowercase = false

        package init(
            ordinalPeriods: Bool = false, extraTerminators: Set<Unicode.Scalar> = [], breaksBeforeLowercase: Bool = false
        ) {
            self.ordinalPeriods = ordinalPeriods
            self.extraTerminators = extraTerminators
            self.breaksBeforeLowercase = breaksBeforeLowercase
        }
    }

    package init(
        titles: Set<String>, numberPrefixes: Set<String>, inner: Set<String>, terminal: Set<String>,
        units: Set<String> = [], sentenceOpeners: Set<String>, questionWords: Set<String>,
        speechVerbs: Set<String> = [], numberPrefixEndings: [String] = [], conventions: Conventions = Conventions()
    ) {
        (self.titles, self.numberPrefixes, self.inner, self.terminal) = (titles, numberPrefixes, inner, terminal)
        (self.units, self.sentenceOpeners, self.questionWords) = (units, sentenceOpeners, questionWords)
        self.speechVerbs = speechVerbs
        self.numberPrefixEndings = numberPrefixEndings
        self.conventions = conventions
        var kinds: [String: Kinds] = [:]
        for (keys, kind) in [(titles, Kinds.title), (inner, .inner), (terminal, .terminal), (units, .unit)] {
            for key in keys { kinds[key, default: []].insert(kind) }
        }
        self.kinds = kinds
        let plainKeys = Array(kinds.keys) + Array(numberPrefixes)
        longestKey = plainKeys.filter { $0.unicodeScalars.allSatisfy(ScalarClass.isLetter) }.map(\.unicodeScalars.count).max() ?? 0
    }

    /// The lists among ``titles``, ``inner``, ``terminal`` and ``units`` that
    /// hold `key`.
    package func kinds(of key: String) -> Kinds {
        kinds[key] ?? []
    }

    /// True when `key` abbreviates something a number follows.
    package func isNumberPrefix(_ key: String) -> Bool {
        numberPrefixes.contains(key) || numberPrefixEndings.contains { key.hasSuffix($0) }
    }

    /// The primary language subtag of a BCP 47 tag, lowercased (`de` for
    /// `de-AT`, `pt` for `pt_BR`); `en` for nil.
    package static func primaryLanguage(of tag: String?) -> String {
        tag.map { String($0.lowercased().prefix { $0 != "-" && $0 != "_" }) } ?? "en"
    }

    /// The lists for a BCP 47 tag (`en`, `de-AT`, `fr`, `es-MX`); English for
    /// nil or a language without lists of its own. Titles and number
    /// prefixes of the major European languages always apply: they are
    /// rarely anything else.
    package static func forLanguage(_ tag: String?) -> Abbreviations {
        lists(for: primaryLanguage(of: tag)) ?? english
    }
}
