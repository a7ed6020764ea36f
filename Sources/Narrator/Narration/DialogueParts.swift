import BookModel
import TextPrimitives

/// Cuts utterances into runs of quoted speech and of narration, so that
/// `--dialogue-voice` can speak each in its own voice: “…” „…“ «…»,
/// straight double quotes, ‘…’ '…' ‚…‘ told from apostrophes by their place,
/// and speech set off by dashes, less a speech tag set inside the speech
/// (``QuotationDepth``, as the prosody's dialogue style reads them). A
/// quotation runs from its opening mark to its closing mark
/// and the spaces after it; whatever is outside (the speech tag, “said
/// Holmes”) is narration. Quotation marks are followed across the
/// utterances of a paragraph, so per-word utterances are cut alike; an
/// utterance that ends a paragraph (its text ends with a line break) or a
/// new page closes any quotation left open, as prose reopens it in the
/// next paragraph, unless the text after it closes the quotation first
/// (quoted verse set line by line: ``QuotationDepth/endParagraph(before:)``).
struct DialogueParts {
    /// One run of an utterance.
    struct Part: Equatable {
        /// Its scalars in the utterance's text.
        var range: Range<Int>
        var isQuoted: Bool
    }

    private var quotes = QuotationDepth()
    /// The paragraph's last scalars before the utterance being cut, read
    /// again in front of it so that the rules look back as they do in a
    /// whole paragraph (three words before a plural's s’).
    private var recent: [Unicode.Scalar] = []
    /// The paragraph's last scalar other than white space before ``recent``.
    private var beforeRecent: Unicode.Scalar?
    private static let recentLength = 120

    /// Forgets open quotations (a new page).
    mutating func reset() {
        quotes.reset()
        recent = []
        beforeRecent = nil
    }

    /// The runs of `text` in order, covering it; runs without a letter or
    /// digit join the one before (or after, for the first), so every part
    /// but a wordless utterance's has something to say. `following`: the
    /// utterances after it at hand (the rest of its page or part), read
    /// ahead where the rules look ahead: whether a dash that opens a
    /// paragraph opens speech or an author's name (`— Mark Twain`), and
    /// whether a quotation open at a paragraph's end goes on past it.
    mutating func parts(of text: String, following: some Collection<Utterance> = EmptyCollection()) -> [Part] {
        let own = Array(text.unicodeScalars)
        // The rest of a paragraph a dash opens (an author's name?), else
        // the next few words (a speech tag's subject, `dit ` then `Marie`).
        let reach = recent.isEmpty && Self.opensWithDash(own) ? Attribution.maximumLength : Self.wordsAhead
        let ahead = Self.paragraphRest(after: own, in: following, reach: reach)
        let context = recent + own + ahead
        let offset = recent.count
        // The paragraph's last scalar other than white space before the utterance.
        let lastWritten = recent.last { !$0.properties.isWhitespace } ?? beforeRecent
        context.withUnsafeBufferPointer { quotes.begin(UnsafeBufferPointer(rebasing: $0[offset...]), after: lastWritten) }
        var parts: [Part] = []
        var start = 0
        var quoted = quotes.isInside
        var (justClosed, reopens) = (false, false)
        context.withUnsafeBufferPointer { context in
            for (index, scalar) in own.enumerated() {
                if justClosed, !scalar.properties.isWhitespace {
                    parts.append(Part(range: start..<index, isQuoted: true))
                    start = index
                    quoted = false
                    justClosed = false
                }
                if reopens, !scalar.properties.isWhitespace {
                    if index > start { parts.append(Part(range: start..<index, isQuoted: false)) }
                    start = index
                    quoted = true
                    reopens = false
                }
                let before = quotes.isInside
                quotes.read(context, at: offset + index, before: beforeRecent)
                if !before, quotes.isInside, !quoted {
                    if QuotationDepth.endsTag(scalar) {
                        // A tag inside the speech keeps its punctuation (demanda-t-elle.).
                        reopens = true
                        continue
                    }
                    if index > start { parts.append(Part(range: start..<index, isQuoted: false)) }
                    start = index
                    quoted = true
                } else if before, !quotes.isInside {
                    if QuotationDepth.isDash(scalar) {
                        // A dash that ends speech starts the narrator's words (—preguntó ella).
                        if index > start { parts.append(Part(range: start..<index, isQuoted: true)) }
                        start = index
                        quoted = false
                    } else {
                        justClosed = true
                    }
                }
            }
        }
        if start < own.count || parts.isEmpty { parts.append(Part(range: start..<own.count, isQuoted: quoted)) }
        remember(context[..<(offset + own.count)])
        if own.last == "\n" { endParagraph(before: following) }
        return Self.joiningWordless(parts, in: own)
    }

    /// The paragraph has ended: its quotations are forgotten unless the
    /// text after it closes one first (``QuotationDepth/endParagraph(before:)``).
    private mutating func endParagraph(before following: some Collection<Utterance>) {
        quotes.endParagraph(before: { n in
            guard let index = following.index(following.startIndex, offsetBy: n, limitedBy: following.endIndex),
                index < following.endIndex
            else { return nil }
            return ArraySlice(following[index].text.unicodeScalars)
        })
        if !quotes.hasOpenQuotation { reset() }
    }

    /// White space, then a dash: a paragraph that may open speech.
    private static func opensWithDash(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.first { !ScalarClass.isWhitespace($0) }.map(QuotationDepth.isDash) ?? false
    }

    /// Scalars read ahead of an utterance in the middle of a paragraph.
    private static let wordsAhead = 32

    /// The text of the paragraph after an utterance, from the utterances
    /// that follow it: up to the one that ends the paragraph, or more than
    /// `reach` scalars; none when the utterance ends the paragraph itself.
    private static func paragraphRest(
        after utterance: [Unicode.Scalar], in following: some Sequence<Utterance>, reach: Int
    ) -> [Unicode.Scalar] {
        guard utterance.last != "\n" else { return [] }
        var scalars: [Unicode.Scalar] = []
        for next in following {
            scalars += next.text.unicodeScalars
            if next.text.unicodeScalars.last == "\n" || scalars.count > reach { break }
        }
        return scalars
    }

    /// Keeps the last scalars of the paragraph read so far.
    private mutating func remember(_ context: ArraySlice<Unicode.Scalar>) {
        let cut = max(0, context.count - Self.recentLength)
        beforeRecent = context[..<cut].last { !$0.properties.isWhitespace } ?? beforeRecent
        recent = Array(context[cut...])
    }

    /// Adjacent parts of the same kind merged, and wordless parts joined to
    /// a neighbour (the one before; the first to the one after).
    private static func joiningWordless(_ parts: [Part], in scalars: [Unicode.Scalar]) -> [Part] {
        func hasWord(_ part: Part) -> Bool {
            scalars[part.range].contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }
        var result: [Part] = []
        for part in parts {
            guard let last = result.last else {
                result.append(part)
                continue
            }
            if !hasWord(part) || last.isQuoted == part.isQuoted {
                result[result.count - 1].range = last.range.lowerBound..<part.range.upperBound
            } else if !hasWord(last) {
                result[result.count - 1] = Part(range: last.range.lowerBound..<part.range.upperBound, isQuoted: part.isQuoted)
            } else {
                result.append(part)
            }
        }
        return result
    }
}

extension Utterance {
    /// The part of the utterance in `range` (scalars of its text): its
    /// text, its pronunciations moved with it, its pre-delay only if it
    /// starts the utterance and its post-delay only if it ends it.
    func part(_ range: Range<Int>) -> Utterance {
        let scalars = Array(text.unicodeScalars)
        var part = self
        part.text = String(String.UnicodeScalarView(scalars[range]))
        part.pronunciations = pronunciations.compactMap { pronunciation in
            guard range.contains(pronunciation.range.lowerBound), pronunciation.range.upperBound <= range.upperBound
            else { return nil }
            var moved = pronunciation
            moved.range = (pronunciation.range.lowerBound - range.lowerBound)..<(pronunciation.range.upperBound - range.lowerBound)
            return moved
        }
        if range.lowerBound > 0 { part.prosody.preUtteranceDelay = nil }
        if range.upperBound < scalars.count { part.prosody.postUtteranceDelay = nil }
        return part
    }
}

/// Puts back together the timing of an utterance spoken in parts: one
/// timing per utterance, its words in order with their places in the whole
/// text (one cue per word, as without parts).
struct PartTimings {
    private var expected: [(offset: Int, isLast: Bool, whole: Utterance, voice: String?)] = []
    private var head = 0
    private var current: UtteranceTiming?

    /// The next part to come, in speaking order; `voice` is written on its
    /// words (nil: none).
    mutating func expect(offset: Int, isLast: Bool, whole: Utterance, voice: String?) {
        expected.append((offset, isLast, whole, voice))
    }

    /// A part's timing; the whole utterance's once its last part is in.
    mutating func add(_ timing: UtteranceTiming) -> UtteranceTiming? {
        guard head < expected.count else { return timing }
        let part = expected[head]
        head += 1
        if head > 256 {
            expected.removeFirst(head)
            head = 0
        }
        let words = timing.words.map { word in
            var moved = word
            moved.range = (word.range.lowerBound + part.offset)..<(word.range.upperBound + part.offset)
            moved.voice = part.voice
            return moved
        }
        if var whole = current {
            whole.words += words
            whole.endSample = max(whole.endSample, timing.endSample)
            current = whole
        } else {
            current = UtteranceTiming(
                position: timing.position, text: part.whole.text, source: part.whole.source, startSample: timing.startSample,
                endSample: timing.endSample, words: words, language: part.whole.language)
        }
        guard part.isLast else { return nil }
        defer { current = nil }
        return current
    }
}
