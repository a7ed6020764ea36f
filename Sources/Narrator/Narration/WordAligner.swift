/// Gives every word of a group's text a start and end in the audio, from the
/// engine's word events.
///
/// espeak-ng does not report every word: it speaks some pairs ("on the",
/// "out of") as one and reports only the first. Words without an event share
/// the time from the previous reported word to the next one, in proportion to
/// their length, so the timings list every word of the text.
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
        let starts = interpolated(anchors(events), start: start, end: speechEnd)
        var result = Array(repeating: [WordTiming](), count: scalars.count)
        for (index, token) in tokens.enumerated() {
            let begin = min(starts[index], limit)
            let next = index + 1 < tokens.count ? starts[index + 1] : max(speechEnd, starts[index])
            let text = String(String.UnicodeScalarView(scalars[token.segment][token.word]))
            result[token.segment].append(
                WordTiming(text: text, range: token.word, startSample: begin, endSample: min(max(next, begin), limit)))
        }
        return result
    }

    /// The sample each token's first event gives it, nil for tokens without
    /// one. An event in white space belongs to the next token.
    private func anchors(_ events: [Event]) -> [Int?] {
        var anchors = [Int?](repeating: nil, count: tokens.count)
        var cursor = 0
        for event in events {
            while cursor < tokens.count, isBefore(tokens[cursor], event) { cursor += 1 }
            guard cursor < tokens.count else { break }
            if anchors[cursor] == nil { anchors[cursor] = event.sample }
        }
        return anchors
    }

    private func isBefore(_ token: Token, _ event: Event) -> Bool {
        token.segment < event.segment || (token.segment == event.segment && token.range.upperBound <= event.offset)
    }

    /// Fills the gaps: tokens between two anchors split the time between
    /// them by length; tokens before the first start at `start`; tokens
    /// after the last split the time up to `end`.
    private func interpolated(_ anchors: [Int?], start: Int, end: Int) -> [Int] {
        var starts = [Int](repeating: start, count: tokens.count)
        var index = 0
        var time = start
        while index < tokens.count {
            if let anchor = anchors[index] { time = max(anchor, time) }
            var next = index + 1
            while next < tokens.count, anchors[next] == nil { next += 1 }
            let until = next < tokens.count ? max(anchors[next] ?? time, time) : max(end, time)
            let span = index..<next
            let weights = span.map { tokens[$0].range.count + 1 }
            let total = max(weights.reduce(0, +), 1)
            var elapsed = 0
            for (position, token) in span.enumerated() {
                starts[token] = time + (until - time) * elapsed / total
                elapsed += weights[position]
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
            let begin = index
            while index < text.count, !text[index].properties.isWhitespace { index += 1 }
            if let word = trimmed(begin..<index, in: text) {
                tokens.append(Token(segment: segment, range: begin..<index, word: word))
            }
        }
        return tokens
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
