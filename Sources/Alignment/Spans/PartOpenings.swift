/// Puts back the first utterance of a part of the recording (a file, a
/// marked chapter) that the warping pulled into the material before it.
///
/// A LibriVox file opens with "Chapter 5 of Pride and Prejudice. This is a
/// LibriVox recording…", then a pause, then the chapter's heading ("V"),
/// another pause, and the text. The warping's open start lets the short
/// heading match the preamble's last words about as cheaply as itself
/// (measured: four headings of six put 2.1–2.5 s early, a fifth squeezed
/// to "not found"). The sign is sound the warping matched with nothing: a
/// stretch of sound between the part's first utterance and the next one,
/// set off from the next by a pause. When that stretch lasts about as long
/// as the utterance should (half to twice its reference length, at the
/// recording's pace), the utterance is placed on it, its words spread as
/// the reference has them.
public struct PartOpenings: Sendable {
    public let snapper: OnsetSnapper
    /// Gaps of quiet shorter than this (frames) do not end a stretch of sound.
    public var bridge = 10
    /// The pause (frames) that must part the stretch from the next utterance.
    public var pause = 15

    public init(snapper: OnsetSnapper) { self.snapper = snapper }

    /// `spans` with the utterance at each of `firsts` (the first of each
    /// part) moved where the evidence says; `reference` gives their lengths.
    public func corrected(_ spans: [AlignedSpan], reference: [ReferenceSpan], firsts: [Int]) -> [AlignedSpan] {
        let pace = Self.pace(spans, reference)
        var result = spans
        for first in Set(firsts) where first < spans.count && first < reference.count {
            // Only an utterance judged not found, or one that starts inside sound
            // already going on (no rise into it): one that follows a pause is in its
            // place. The evidence is the gap before the very next utterance, found:
            // when that one is not found, its own sound is what the gap holds.
            let next = first + 1
            guard next < spans.count, spans[next].status == .aligned,
                spans[first].status != .aligned || startsInsideSound(spans[first].samples.lowerBound)
            else { continue }
            let expected = Double(reference[first].samples.count) * pace
            let after = spans[first].status == .aligned ? spans[first].samples.upperBound : spans[first].samples.lowerBound
            guard after < spans[next].samples.lowerBound, let stretch = lastStretch(in: after..<spans[next].samples.lowerBound),
                Double(stretch.count) >= expected / 2, Double(stretch.count) <= expected * 2
            else { continue }
            result[first] = Self.placed(spans[first], reference[first], on: stretch)
        }
        return result
    }

    /// The recording's pace: the median of aligned length over reference length.
    static func pace(_ spans: [AlignedSpan], _ reference: [ReferenceSpan]) -> Double {
        let ratios = zip(spans, reference).compactMap { aligned, spoken -> Double? in
            guard aligned.status == .aligned, spoken.samples.count > 0 else { return nil }
            return Double(aligned.samples.count) / Double(spoken.samples.count)
        }.sorted()
        return ratios.isEmpty ? 1 : ratios[ratios.count / 2]
    }

    /// Whether most of the ``pause`` frames just before `sample` are sound
    /// (frames before the recording's start count as quiet).
    func startsInsideSound(_ sample: Int) -> Bool {
        let frame = snapper.timing.frame(ofSample: sample)
        let before = max(frame - pause, 0)..<min(frame, snapper.loudness.count)
        return before.filter { snapper.loudness[$0] >= snapper.threshold }.count * 2 > pause
    }

    /// The last stretch of sound in `samples` that a pause parts from its end; nil for none.
    func lastStretch(in samples: Range<Int>) -> Range<Int>? {
        let timing = snapper.timing, loudness = snapper.loudness
        let frames = timing.frame(ofSample: samples.lowerBound)..<min(timing.frame(ofSample: max(samples.upperBound, samples.lowerBound)), loudness.count)
        guard let last = frames.last(where: { loudness[$0] >= snapper.threshold }), frames.upperBound - last > pause else { return nil }
        var start = last, quiet = 0
        var frame = last - 1
        while frame >= frames.lowerBound {
            if loudness[frame] >= snapper.threshold {
                start = frame
                quiet = 0
            } else {
                quiet += 1
                if quiet > bridge { break }
            }
            frame -= 1
        }
        return timing.sample(ofFrame: start)..<timing.sample(ofFrame: last + 1)
    }

    /// The utterance placed on `stretch`, its words where the reference has
    /// them, scaled to the stretch; found (one the judge had given up is
    /// placed with half confidence).
    static func placed(_ span: AlignedSpan, _ reference: ReferenceSpan, on stretch: Range<Int>) -> AlignedSpan {
        let scale = Double(stretch.count) / Double(max(reference.samples.count, 1))
        func mapped(_ sample: Int) -> Int { stretch.lowerBound + Int((Double(sample - reference.samples.lowerBound) * scale).rounded()) }
        let words = reference.words.map { word in mapped(word.lowerBound)..<max(mapped(word.upperBound), mapped(word.lowerBound)) }
        return AlignedSpan(
            samples: stretch, words: words, confidence: span.status == .aligned ? span.confidence : min(span.confidence, 0.5),
            status: .aligned)
    }
}
