/// What a Piper voice is given for one request, sentence by sentence: the
/// phoneme codepoints it knows, and where each word's phonemes begin.
struct PiperSentencePlan: Equatable {
    /// A word of a request: its segment and its range in that segment's
    /// text, in Unicode scalars.
    struct Word: Hashable {
        var segment: Int
        var range: Range<Int>
    }

    /// One sentence, synthesised whole.
    struct Sentence: Equatable {
        /// The phonemes the voice knows, as Unicode scalar values.
        var codepoints: [Int32]
        /// The words starting in this sentence and the index in
        /// ``codepoints`` of their first phoneme.
        var wordStarts: [(word: Word, phoneme: Int)]
        /// The segment whose parameters it is said with.
        var segment: Int
        /// True when it ends with `.`, `?` or `!`.
        var endsSentence: Bool

        static func == (a: Sentence, b: Sentence) -> Bool {
            a.codepoints == b.codepoints && a.segment == b.segment && a.endsSentence == b.endsSentence
                && a.wordStarts.map(\.word) == b.wordStarts.map(\.word)
                && a.wordStarts.map(\.phoneme) == b.wordStarts.map(\.phoneme)
        }
    }

    var sentences: [Sentence]

    /// - Parameters:
    ///   - texts: the request's segment texts.
    ///   - clauses: the IPA clauses of the texts joined by spaces.
    ///   - wordPhonemes: the IPA of each word of ``words(in:)`` on its own.
    ///   - tokens: the phoneme symbols the voice knows.
    init(texts: [String], clauses: [IPAClause], wordPhonemes: [String], tokens: Set<Unicode.Scalar>) {
        let words = Self.words(in: texts)
        var scalars: [Unicode.Scalar] = []
        var bounds: [(range: Range<Int>, endsSentence: Bool)] = []
        var sentenceStart = 0
        for (index, clause) in clauses.enumerated() {
            if scalars.count > sentenceStart { scalars.append(" ") }
            scalars += clause.ipa.unicodeScalars
            if let terminator = clause.terminator { scalars += String(terminator).unicodeScalars }
            if clause.endsSentence || index == clauses.count - 1 {
                bounds.append((sentenceStart..<scalars.count, clause.endsSentence))
                sentenceStart = scalars.count
            }
        }
        let firsts = PhonemeWordMap(sentence: scalars, wordPhonemes: wordPhonemes).firstPhonemes(wordCount: words.count)
        sentences = bounds.map { bound in
            var codepoints: [Int32] = []
            var kept: [Int] = []  // scalar index of each codepoint
            for index in bound.range where tokens.contains(scalars[index]) {
                codepoints.append(Int32(bitPattern: scalars[index].value))
                kept.append(index)
            }
            var starts: [(word: Word, phoneme: Int)] = []
            for (wordIndex, first) in firsts.enumerated() {
                guard let first, bound.range.contains(first),
                    var phoneme = kept.firstIndex(where: { $0 >= first })
                else { continue }
                // A stress mark before the first sound is the word's own,
                // and its sound rises in the space before it: an acoustic
                // model put Piper's words a median 57 ms before their first
                // sound's frames and 12 ms before the space's, as unbiased
                // as it is on espeak-ng's exact times (docs/neural-voice.md).
                while phoneme > 0, PhonemeWordMap.stressMarks.contains(scalars[kept[phoneme - 1]]) { phoneme -= 1 }
                if phoneme > 0, scalars[kept[phoneme - 1]] == " " { phoneme -= 1 }
                starts.append((words[wordIndex], phoneme))
            }
            return Sentence(
                codepoints: codepoints, wordStarts: starts,
                segment: starts.first?.word.segment ?? max(texts.count - 1, 0), endsSentence: bound.endsSentence)
        }.filter { !$0.codepoints.isEmpty }
    }

    /// The words of `texts`: runs of scalars between white space that hold a
    /// letter or a digit.
    static func words(in texts: [String]) -> [Word] {
        var words: [Word] = []
        for (segment, text) in texts.enumerated() {
            var start: Int?
            var hasLetter = false
            let scalars = Array(text.unicodeScalars)
            for index in 0...scalars.count {
                let isSpace = index == scalars.count || scalars[index].properties.isWhitespace
                if isSpace {
                    if let begin = start, hasLetter { words.append(Word(segment: segment, range: begin..<index)) }
                    start = nil
                    hasLetter = false
                } else {
                    if start == nil { start = index }
                    if scalars[index].properties.isAlphabetic || scalars[index].properties.numericType != nil {
                        hasLetter = true
                    }
                }
            }
        }
        return words
    }

    /// The text of `word` in `texts`.
    static func text(of word: Word, in texts: [String]) -> String {
        let scalars = Array(texts[word.segment].unicodeScalars)[word.range]
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}
