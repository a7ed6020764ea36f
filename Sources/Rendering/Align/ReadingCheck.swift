import Alignment

/// Whether a recording reads the text at all, asked of the speech
/// recogniser: a recording of something else is still warped onto the
/// text, and a natural voice's match with espeak-ng costs as much as
/// unrelated speech's (``BookAlignment/matchToChance``), so only the words
/// tell them apart. For up to ``sample`` sentences found, spread over the
/// book, the recogniser scores the best path through the sentence's words
/// in its stretch of the recording, and through the same words in reverse
/// order (or, where that finds no path, with the sentence's halves
/// swapped). Where the recording says the sentence, its words in order
/// score far better (by 29–34 log units a frame on Piper readings, at any
/// tempo; the foils mostly find no path at all); where it says something
/// else, the two score alike (−5 to +13; a few find no path as foils
/// either). Measured 2026-12-06, docs/alignment.md.
enum ReadingCheck {
    enum Verdict: Equatable {
        /// The recording reads the text (or too few sentences were found to tell).
        case reads
        /// It says something else: `heard` of the `scored` sentences were
        /// heard, no more than ``heardShare``.
        case saysSomethingElse(heard: Int, scored: Int)
        /// The recogniser cannot be used: why.
        case unavailable(String)
    }

    /// Sentences scored, at most.
    static let sample = 12
    /// Fewer sentences found than this cannot be judged.
    static let fewest = 6
    /// A sentence's margin when neither foil (reversed, halves swapped) finds a path.
    static let unmatchedReverse = 30.0
    /// A sentence's margin (log units a frame) above which the recording says it.
    static let readsAbove = 18.0
    /// The recording reads the text when more than this share of the
    /// sentences scored are said in it. Not a majority: a recording of
    /// part of the text (its first third, with the rest of the book warped
    /// into its last seconds) still reads it.
    static let heardShare = (numerator: 1, denominator: 3)

    /// - Throws: ``Interrupted`` when stopped.
    static func verdict(
        _ alignment: BookAlignment, recording: Recording, voice: ReferenceSpeech.Voice?, shouldStop: @escaping () -> Bool
    ) throws -> Verdict {
        // Stretches the recogniser is given at all (``RecognizedWords/longestStretch``).
        let longest = Int((RecognizedWords.longestStretch - 2 * RecognizedWords.margin) * Double(alignment.sampleRate))
        let candidates = alignment.utterances.indices.filter {
            alignment.utterances[$0].isAligned && alignment.utterances[$0].reference.words.count >= 4
                && alignment.utterances[$0].span.samples.count <= longest
        }
        guard candidates.count >= fewest else { return .reads }
        let count = min(sample, candidates.count)
        let chosen = (0..<count).map { candidates[$0 * candidates.count / count] }
        let margins: [Int: Double]
        switch try RecognizedWords.eachStretch(chosen, of: alignment, recording: recording, voice: voice, shouldStop: shouldStop, read: margin) {
        case .success(let found): margins = found
        case .failure(let missing): return .unavailable(missing.reason)
        }
        // A sentence the recogniser could not score counts against the recording.
        let heard = chosen.filter { (margins[$0] ?? -.infinity) > readsAbove }.count
        return heard * heardShare.denominator > chosen.count * heardShare.numerator
            ? .reads : .saysSomethingElse(heard: heard, scored: chosen.count)
    }

    /// How much better `words` in order fit `samples` than reversed (or,
    /// when reversed they find no path, with their halves swapped); nil
    /// when in order they cannot be pronounced or find no path.
    private static func margin(
        _ recognizer: WordRecognizer, _ words: [String], _ samples: UnsafeBufferPointer<Int16>, _ start: Int
    ) -> Double? {
        guard let inOrder = recognizer.score(words, in: samples) else { return nil }
        let swapped = Array(words[(words.count / 2)...] + words[..<(words.count / 2)])
        guard let foil = recognizer.score(words.reversed(), in: samples) ?? recognizer.score(swapped, in: samples) else {
            return unmatchedReverse
        }
        return inOrder - foil
    }
}
