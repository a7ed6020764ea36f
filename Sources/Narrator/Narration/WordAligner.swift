/// Gives every word of a group's text a start and end in the audio, from the
/// engine's word events.
///
/// Words are runs of non-space text, cut after a dash or an ellipsis that
/// joins two words (`One—two`, `so…then`), and further where the engine
/// reports a word inside a run of a script written without spaces
/// (Japanese, Chinese, Thai) or after punctuation that separates two words
/// (`dancing?—Mr.`, `dh@example.org`). Elsewhere a run is one word, one
/// cue, however espeak-ng splits it ("Rabbit-Hole", "OpenPGP", "1888", or
/// events that point one letter into "it"): its first event starts it.
/// espeak-ng does not report every word: it speaks some
/// pairs ("on the", "out of") as one and reports only the first. Words
/// without an event share the time from the previous reported word to the
/// next one, in proportion to their length, so the timings list every word of
/// the text.
struct WordAligner {
    /// A word event: where in which segment, and when.
    struct Event {
        var segment: Int
        var offset: Int
        var sample: Int
    }

    /// A word of the text: a run of non-space scalars holding a letter, a
    /// digit or a spoken symbol (`&`, `%`, `$`); `range` is the whole run, `word` the run without punctuation at
    /// its ends.
    struct Token {
        var segment: Int
        var range: Range<Int>
        var word: Range<Int>
    }

    let scalars: [[Unicode.Scalar]]
    let tokens: [Token]

    init(texts: [String]) {
        scalars = texts.map { Array($0.unicodeScalars) }
        tokens = scalars.enumerated().flatMap { segment, text in Self.tokens(in: text, segment: segment) }
    }

    /// The words of each segment with their times; ends never pass `limit`.
    func align(_ events: [Event], start: Int, speechEnd: Int, limit: Int) -> [[WordTiming]] {
        let (words, anchors) = split(by: events)
        let starts = interpolated(anchors, weights: words.map { $0.range.count + 1 }, start: start, end: speechEnd)
        var result = Array(repeating: [WordTiming](), count: scalars.count)
        for (index, word) in words.enumerated() {
            let begin = min(starts[index], limit)
            let next = index + 1 < words.count ? starts[index + 1] : max(speechEnd, starts[index])
            let text = String(String.UnicodeScalarView(scalars[word.segment][word.word]))
            result[word.segment].append(
                WordTiming(text: text, range: word.word, startSample: begin, endSample: min(max(next, begin), limit)))
        }
        return result
    }

    /// The words: tokens cut at the events inside them, each with the sample
    /// of the event that starts it (nil when none does). An event in white
    /// space belongs to the next token.
    private func split(by events: [Event]) -> (words: [Token], anchors: [Int?]) {
        var words: [Token] = []
        var anchors: [Int?] = []
        var next = 0
        for token in tokens {
            var cuts: [Cut] = []
            while next < events.count, !isBefore(token, events[next]) {
                Self.add(events[next], to: &cuts, in: token)
                next += 1
            }
            // espeak can report the words of one run out of order ("2.1.3"):
            // the cuts are taken in text order.
            let inner = Set(cuts.map(\.offset).filter { isWordBoundary($0, in: token) }).sorted()
            let bounds = [token.range.lowerBound] + inner + [token.range.upperBound]
            for (lower, upper) in zip(bounds, bounds.dropFirst()) {
                guard let word = Self.trimmed(lower..<upper, in: scalars[token.segment]) else { continue }
                words.append(Token(segment: token.segment, range: lower..<upper, word: word))
                anchors.append(cuts.first { (lower..<upper).contains($0.offset) }?.sample)
            }
        }
        return (words, anchors)
    }

    /// An event at `offset` inside `token` starts a word of its own only
    /// between two scalars of a script written without spaces, or at a
    /// letter or digit after punctuation that separates two words without
    /// a space (`dancing?—Mr.`, `with—‘Keep`, `so…then`, `dh@example.org`,
    /// `debian/control`). Apostrophes, hyphens, periods, commas and colons
    /// join one word (`qu'en`, `Rabbit-Hole`, `2.1.3`, `U.S.A.`, `3:45`).
    private func isWordBoundary(_ offset: Int, in token: Token) -> Bool {
        guard offset > token.range.lowerBound, offset < token.range.upperBound else { return false }
        let text = scalars[token.segment]
        if Self.isUnspacedScript(text[offset - 1]) && Self.isUnspacedScript(text[offset]) { return true }
        guard Self.isLetterDigitOrMark(text[offset]) else {
            // An event at the separator itself (`—` of `One—two`) cuts before it.
            let range = token.range
            return !Self.joinsOneWord(text[offset]) && !Self.isOpeningOrFormat(text[offset])
                && text[range.lowerBound..<offset].contains(where: Self.isLetterDigitOrMark)
                && text[offset..<range.upperBound].contains(where: Self.isLetterDigitOrMark)
        }
        var before = offset - 1
        while before > token.range.lowerBound, Self.isOpeningOrFormat(text[before]) { before -= 1 }
        let separator = text[before]
        return !Self.isLetterDigitOrMark(separator) && !Self.joinsOneWord(separator)
    }

    /// Opening quotes and brackets and invisible format characters (the
    /// word joiner), which may stand between a separator and the next word
    /// (`with⁠—‘Keep`).
    private static func isOpeningOrFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .openPunctuation, .initialPunctuation: true
        default: scalar == "\"" || scalar == "'"
        }
    }

    private static func isLetterDigitOrMark(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return properties.isAlphabetic || properties.numericType != nil
        }
    }

    /// Punctuation inside one word: apostrophes, hyphens, periods, commas,
    /// colons.
    private static func joinsOneWord(_ scalar: Unicode.Scalar) -> Bool {
        "'\u{2019}-\u{2010}\u{2011}.,:".unicodeScalars.contains(scalar)
    }

    /// Han, kana, Hangul syllables, fullwidth forms, Thai, Lao, Khmer and
    /// Myanmar: scripts whose words are not separated by spaces.
    static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0xAC00...0xD7AF, 0x20000...0x2FFFF: true
        case 0x0E00...0x0EFF, 0x1780...0x17FF, 0x1000...0x109F: true
        default: false
        }
    }

    /// Where an event cuts a token; `exact` when the event points into the
    /// token itself rather than the white space (or segment) before it.
    private struct Cut {
        var offset: Int
        var sample: Int
        var exact: Bool
    }

    /// Adds an event's cut, unless one is already there. An event that
    /// points at the token replaces one from the white space before it:
    /// espeak reports a word in the space after "F." at the initial's
    /// sound, and the real next word after the pause.
    private static func add(_ event: Event, to cuts: inout [Cut], in token: Token) {
        let exact = event.segment == token.segment && event.offset >= token.range.lowerBound
        let cut = Cut(offset: exact ? event.offset : token.range.lowerBound, sample: event.sample, exact: exact)
        if let last = cuts.last, last.offset == cut.offset {
            if exact && !last.exact { cuts[cuts.count - 1] = cut }
        } else {
            cuts.append(cut)
        }
    }

    private func isBefore(_ token: Token, _ event: Event) -> Bool {
        token.segment < event.segment || (token.segment == event.segment && token.range.upperBound <= event.offset)
    }

    /// Fills the gaps: tokens between two anchors split the time between
    /// them by length; tokens before the first start at `start`; tokens
    /// after the last split the time up to `end`.
    private func interpolated(_ anchors: [Int?], weights: [Int], start: Int, end: Int) -> [Int] {
        var starts = [Int](repeating: start, count: anchors.count)
        var index = 0
        var time = start
        while index < anchors.count {
            if let anchor = anchors[index] { time = max(anchor, time) }
            var next = index + 1
            while next < anchors.count, anchors[next] == nil { next += 1 }
            let until = next < anchors.count ? max(anchors[next] ?? time, time) : max(end, time)
            let span = index..<next
            let total = max(span.reduce(0) { $0 + weights[$1] }, 1)
            var elapsed = 0
            for word in span {
                starts[word] = time + (until - time) * elapsed / total
                elapsed += weights[word]
            }
            time = until
            index = next
        }
        return starts
    }

    private static func tokens(in text: [Unicode.Scalar], segment: Int) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < text.count {
            guard !text[index].properties.isWhitespace else {
                index += 1
                continue
            }
            var begin = index
            while index < text.count, !text[index].properties.isWhitespace {
                // A dash or an ellipsis between two words ends the first (`One—two—three`).
                if isDashOrEllipsis(text[index]), index + 1 < text.count, trimmed(begin..<index, in: text) != nil,
                    let word = trimmed(begin..<(index + 1), in: text), hasWordAfter(index + 1, in: text)
                {
                    tokens.append(Token(segment: segment, range: begin..<(index + 1), word: word))
                    begin = index + 1
                }
                index += 1
            }
            if let word = trimmed(begin..<index, in: text) {
                tokens.append(Token(segment: segment, range: begin..<index, word: word))
            }
        }
        return tokens
    }

    /// En and em dashes, the horizontal bar and the ellipsis.
    private static func isDashOrEllipsis(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{2013}" || scalar == "\u{2014}" || scalar == "\u{2015}" || scalar == "\u{2026}"
    }

    /// A word scalar after `start` before the next white space.
    private static func hasWordAfter(_ start: Int, in text: [Unicode.Scalar]) -> Bool {
        var index = start
        while index < text.count, !text[index].properties.isWhitespace {
            if isWordScalar(text[index]) { return true }
            index += 1
        }
        return false
    }

    /// The run without punctuation at its ends; nil when nothing spoken is
    /// left.
    static func trimmed(_ range: Range<Int>, in text: [Unicode.Scalar]) -> Range<Int>? {
        guard let first = range.first(where: { isWordScalar(text[$0]) }),
            let last = range.last(where: { isWordScalar(text[$0]) })
        else { return nil }
        return first..<(last + 1)
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .currencySymbol, .otherSymbol: return true
        default: return properties.isAlphabetic || properties.numericType != nil || "&@#%+=".unicodeScalars.contains(scalar)
        }
    }
}
