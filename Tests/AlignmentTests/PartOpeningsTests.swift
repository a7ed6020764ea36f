import Alignment
import Testing

/// A part's first utterance pulled into the preamble before it is put back.
struct PartOpeningsTests {
    static let timing = FrameTiming()

    /// Frames: a preamble (speech 0–299), a pause (300–349), the heading
    /// (speech 350–389), a pause (390–449), the first sentence (450–649).
    static let loudness: [Float] = [Float](repeating: -10, count: 300) + [Float](repeating: -45, count: 50)
        + [Float](repeating: -12, count: 40) + [Float](repeating: -45, count: 60) + [Float](repeating: -10, count: 200)

    static func span(_ frames: Range<Int>, status: AlignedSpan.Status = .aligned) -> AlignedSpan {
        let samples = timing.sample(ofFrame: frames.lowerBound)..<timing.sample(ofFrame: frames.upperBound)
        return AlignedSpan(samples: samples, words: [samples], confidence: 0.9, status: status)
    }

    /// The reference: the heading is 40 frames, the sentence 200, at the recording's pace.
    static let reference = [
        ReferenceSpan(samples: 0..<timing.sample(ofFrame: 40), words: [0..<timing.sample(ofFrame: 40)]),
        ReferenceSpan(
            samples: timing.sample(ofFrame: 100)..<timing.sample(ofFrame: 300),
            words: [timing.sample(ofFrame: 100)..<timing.sample(ofFrame: 300)]),
    ]

    @Test func aHeadingPutInThePreambleGoesToTheSoundBeforeTheText() {
        let openings = PartOpenings(snapper: OnsetSnapper(loudness: Self.loudness, timing: Self.timing))
        let corrected = openings.corrected([Self.span(260..<300), Self.span(450..<650)], reference: Self.reference, firsts: [0])
        #expect(corrected[0].samples == Self.timing.sample(ofFrame: 350)..<Self.timing.sample(ofFrame: 390))
        #expect(corrected[0].words == [corrected[0].samples])
        #expect(corrected[1] == Self.span(450..<650), "the next utterance stays")
    }

    @Test func aHeadingJudgedNotFoundIsPlacedWithHalfConfidence() {
        let openings = PartOpenings(snapper: OnsetSnapper(loudness: Self.loudness, timing: Self.timing))
        let corrected = openings.corrected(
            [Self.span(298..<299, status: .notFound), Self.span(450..<650)], reference: Self.reference, firsts: [0])
        #expect(corrected[0].status == .aligned && corrected[0].confidence == 0.5)
        #expect(corrected[0].samples.lowerBound == Self.timing.sample(ofFrame: 350))
    }

    @Test func aHeadingInItsPlaceStays() {
        let openings = PartOpenings(snapper: OnsetSnapper(loudness: Self.loudness, timing: Self.timing))
        let spans = [Self.span(350..<390), Self.span(450..<650)]
        #expect(openings.corrected(spans, reference: Self.reference, firsts: [0]) == spans)
    }

    /// A heading after a pause, followed by a phrase the text does not have
    /// ("read by Jane Doe"), is in its place: the phrase is not taken for it.
    @Test func aHeadingThatFollowsAPauseIsNotMovedOntoAnExtraPhrase() {
        let openings = PartOpenings(snapper: OnsetSnapper(loudness: Self.loudness, timing: Self.timing))
        let spans = [Self.span(310..<320), Self.span(450..<650)]  // placed in the pause before the phrase, too short
        #expect(openings.corrected(spans, reference: Self.reference, firsts: [0]) == spans)
    }

    /// When the next utterance was judged not found, the sound before the
    /// text may be its own: the heading is left where the warping put it.
    @Test func theSoundOfANextUtteranceNotFoundIsNotTakenForTheHeading() {
        let openings = PartOpenings(snapper: OnsetSnapper(loudness: Self.loudness, timing: Self.timing))
        let reference = Self.reference + [Self.reference[1]]
        let spans = [Self.span(260..<300), Self.span(395..<396, status: .notFound), Self.span(450..<650)]
        #expect(openings.corrected(spans, reference: reference, firsts: [0]) == spans)
    }

    @Test func overlappingSpansAreLeftAlone() {
        let openings = PartOpenings(snapper: OnsetSnapper(loudness: Self.loudness, timing: Self.timing))
        let spans = [Self.span(260..<500), Self.span(450..<650)]
        #expect(openings.corrected(spans, reference: Self.reference, firsts: [0]) == spans)
    }

    @Test func soundOfAnotherLengthIsNotTakenForTheUtterance() {
        // Here the stretch before the text lasts 140 frames, not about 40.
        let loudness: [Float] = [Float](repeating: -10, count: 300) + [Float](repeating: -45, count: 50)
            + [Float](repeating: -12, count: 140) + [Float](repeating: -45, count: 60) + [Float](repeating: -10, count: 200)
        let openings = PartOpenings(snapper: OnsetSnapper(loudness: loudness, timing: Self.timing))
        let spans = [Self.span(260..<300), Self.span(550..<750)]
        #expect(openings.corrected(spans, reference: Self.reference, firsts: [0]) == spans)
    }
}
