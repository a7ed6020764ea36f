import TextPrimitives

/// What a careful narrator reads out rather than spells, as the text handed
/// to the engine: Roman numerals as numbers (`CHAPTER XXVIII` → `CHAPTER
/// 28`, `Henry VIII` → `Henry the 8th`), `No. 5`, `p. 12`, years, decades,
/// fractions and currency where espeak-ng reads them wrongly, in the
/// language of the voice; note markers (`[1]`, `¹`, `↩`), list bullets and
/// separator lines are not said. The book's text never changes: each
/// ``SpokenText`` maps back to its utterance's string.
///
/// docs/spoken-forms.md lists what is read how, per language.
public struct SpokenForms: Sendable {
    /// Primary language subtag of the voice (`en`, `fr`).
    public let language: String

    /// - Parameter language: a BCP 47 tag or an espeak-ng voice name
    ///   (`en-GB`, `gmw/en-US`, `roa/fr`); nil means English.
    public init(language: String?) {
        let tag = language.map { String($0.split(separator: "/").last ?? Substring($0)) }
        self.language = Abbreviations.primaryLanguage(of: tag)
    }

    /// The engine's texts for consecutive utterance strings spoken as one
    /// group (a sentence of per-word utterances reads as one sentence).
    /// - Parameter kept: per text, stretches of its scalars that keep
    ///   their own pronunciation (a lexicon's or the book's): no spoken form
    ///   touches them.
    public func spoken(_ texts: [String], keeping kept: [[Range<Int>]] = []) -> [SpokenText] {
        let sources = texts.map { Array($0.unicodeScalars) }
        let group = Array(sources.joined())
        var rewrites = self.rewrites(in: group)
        if kept.contains(where: { !$0.isEmpty }) {
            let protected = Self.groupRanges(kept, lengths: sources.map(\.count))
            rewrites.removeAll { rewrite in protected.contains { $0.overlaps(rewrite.range) } }
        }
        guard !rewrites.isEmpty else { return texts.map(SpokenText.init(unchanged:)) }
        var base = 0
        return sources.map { source in
            defer { base += source.count }
            return SpokenText(source, base: base, rewrites: rewrites)
        }
    }

    /// Every change to the group's scalars, none overlapping another.
    func rewrites(in scalars: [Unicode.Scalar]) -> [Rewrite] {
        guard scalars.contains(where: ScalarClass.isLetterOrDigit) else {
            return [Rewrite(range: 0..<scalars.count, text: String(repeating: " ", count: scalars.count))]
        }
        let tokens = SpokenToken.tokens(in: scalars)
        var rewrites = Silences.rewrites(in: scalars, tokens: tokens)
        let context = SpokenContext(scalars: scalars, tokens: tokens, language: language)
        for index in tokens.indices {
            if let rewrite = RomanNumeralReading.rewrite(token: index, in: context)
                ?? NumberReading.rewrite(token: index, in: context)
            {
                rewrites.append(rewrite)
            }
        }
        return Self.withoutOverlaps(rewrites)
    }

    /// Ranges of each text as offsets in the group's scalars.
    private static func groupRanges(_ ranges: [[Range<Int>]], lengths: [Int]) -> [Range<Int>] {
        var base = 0
        var result: [Range<Int>] = []
        for (index, length) in lengths.enumerated() {
            if ranges.indices.contains(index) {
                result += ranges[index].map { ($0.lowerBound + base)..<($0.upperBound + base) }
            }
            base += length
        }
        return result
    }

    /// The rewrites in order, dropping any that overlaps one before it.
    private static func withoutOverlaps(_ rewrites: [Rewrite]) -> [Rewrite] {
        var kept: [Rewrite] = []
        for rewrite in rewrites.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            if let last = kept.last, last.range.upperBound > rewrite.range.lowerBound { continue }
            kept.append(rewrite)
        }
        return kept
    }
}

/// A word of a group: a run of non-space scalars, and its core without
/// opening quotes and brackets before it and punctuation after it.
struct SpokenToken {
    var range: Range<Int>
    var core: Range<Int>
    var text: String
    /// ``text`` lowercased.
    var key: String

    static func tokens(in scalars: [Unicode.Scalar]) -> [SpokenToken] {
        var tokens: [SpokenToken] = []
        var index = 0
        while index < scalars.count {
            guard !ScalarClass.isWhitespace(scalars[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < scalars.count, !ScalarClass.isWhitespace(scalars[index]) { index += 1 }
            var lower = start
            while lower < index, ScalarClass.isOpener(scalars[lower]) { lower += 1 }
            var upper = index
            while upper > lower, ",;:!?”’\")]»".unicodeScalars.contains(scalars[upper - 1]) { upper -= 1 }
            let text = String(String.UnicodeScalarView(scalars[lower..<upper]))
            tokens.append(SpokenToken(range: start..<index, core: lower..<upper, text: text, key: text.lowercased()))
        }
        return tokens
    }

    /// The core without a final period (`No` of `No.`).
    var bare: Substring { text.hasSuffix(".") ? text.dropLast() : Substring(text) }
}

/// The group a rewrite is decided in: its scalars, words and language.
struct SpokenContext {
    let scalars: [Unicode.Scalar]
    let tokens: [SpokenToken]
    let language: String

    /// The token after `index` when it starts with a digit.
    func numberFollows(_ index: Int) -> Bool {
        guard index + 1 < tokens.count, let first = tokens[index + 1].text.unicodeScalars.first else { return false }
        return ScalarClass.isDigit(first)
    }

    /// The word before `index`, lowercased, without its final period.
    func previousKey(_ index: Int) -> String? {
        index > 0 ? String(tokens[index - 1].bare).lowercased() : nil
    }

    /// The group holds only this token (a heading that is only a numeral).
    func isAlone(_ index: Int) -> Bool { tokens.count == 1 }
}

/// What is not said: note markers (`[1]`, `¹` after a word), back-links
/// (`↩`), a list item's bullet, and scalars espeak-ng would name
/// (`*` as "asterisk").
enum Silences {
    static func rewrites(in scalars: [Unicode.Scalar], tokens: [SpokenToken]) -> [Rewrite] {
        var rewrites = NoteMarkers.ranges(in: scalars).map(blank)
        for (index, scalar) in scalars.enumerated() where scalar == "↩" || scalar == "↑" {
            rewrites.append(blank(index..<index + 1))
        }
        if let first = tokens.first, first.range.count == 1, bullets.contains(scalars[first.range.lowerBound]) {
            rewrites.append(blank(first.range))
        }
        return rewrites
    }

    /// Spaces in place of `range`.
    static func blank(_ range: Range<Int>) -> Rewrite {
        Rewrite(range: range, text: String(repeating: " ", count: range.count))
    }

    static let bullets: Set<Unicode.Scalar> = ["•", "*", "-", "+", "●", "⁃", "◦", "▪", "‣"]
}
