/// Carries the exact times of the reference's utterances and words over a
/// ``WarpingPath`` into the recording, and judges each utterance: an
/// utterance whose match is far worse than the book's usual one, or that
/// the path squeezes into a fraction of its length, is not in the
/// recording (skipped, or cut) and is reported as such rather than given
/// times stolen from its neighbours.
public struct SpanMapper: Sendable {
    public let path: WarpingPath
    public let timing: FrameTiming
    /// Samples of the recording, so that no time falls past its end.
    public let recordingSamples: Int

    public init(path: WarpingPath, timing: FrameTiming, recordingSamples: Int) {
        self.path = path
        self.timing = timing
        self.recordingSamples = recordingSamples
    }

    /// Every span mapped into the recording, in order and never overlapping.
    /// - Parameter unrelated: each span's cost against unrelated recording
    ///   frames (``UnrelatedCost``), the chance level its match cost is
    ///   judged against; nil judges against the median alone.
    public func map(_ spans: [ReferenceSpan], unrelated: [Double]? = nil) -> [AlignedSpan] {
        var aligned = spans.map { span in
            let rows = self.rows(of: span.samples)
            let words = span.words.map { word in
                let start = wordOnset(word.lowerBound, rows: rows)
                return start..<max(offset(word.upperBound), start)
            }
            return AlignedSpan(samples: mapped(span.samples), words: words, confidence: 1, status: .aligned)
        }
        judge(&aligned, spans, unrelated: unrelated)
        return aligned
    }

    /// The book's usual match cost as a share of its usual cost against
    /// unrelated frames: about 0.1 where the recording is the reference's
    /// own voice, 0.35–0.4 for another espeak-ng voice, and 0.7–0.8 both for
    /// a natural voice reading the text and for speech of another text
    /// (measured 2026-12-06, docs/alignment.md); nil without costs.
    public func matchToChance(_ spans: [ReferenceSpan], unrelated: [Double]) -> Double? {
        let usual = Self.median(spans.map(meanCost).filter(\.isFinite))
        let chance = Self.median(unrelated.filter(\.isFinite))
        return chance > 0 ? usual / chance : nil
    }

    /// A range of reference samples in recording samples (never reversed).
    func mapped(_ range: Range<Int>) -> Range<Int> {
        let start = onset(range.lowerBound)
        return start..<max(offset(range.upperBound), start)
    }

    /// Where reference sample `sample` begins in the recording: the first
    /// recording frame its frame was matched with, plus its place in the frame.
    func onset(_ sample: Int) -> Int {
        let row = min(timing.frame(ofSample: sample), path.rows - 1)
        let within = min(sample - timing.sample(ofFrame: row), timing.hop - 1)
        return min(timing.sample(ofFrame: Int(path.first[row])) + max(within, 0), recordingSamples)
    }

    /// Where reference sample `sample`, a word's first, begins in the
    /// recording: on the straight line that best fits the path's middle
    /// columns over ``wordFitRows`` rows either side (within `rows`, the
    /// word's utterance). The path steps in whole frames and stalls on a
    /// frame for several recording frames where the two voices differ;
    /// the line follows the pace the two share. Measured on the suite's
    /// Piper recordings against their stated word starts (docs/alignment.md):
    /// words within 50 ms 79→83% (tempo 0.8: 63→68%, 1.25: 91→92%, the
    /// 275 s Alice passage 78→80%), and espeak-ng in another voice 100%
    /// as before, its largest word error 16→8 ms.
    func wordOnset(_ sample: Int, rows: ClosedRange<Int>?) -> Int {
        let row = min(timing.frame(ofSample: sample), path.rows - 1)
        guard let rows, rows.contains(row) else { return onset(sample) }
        let low = max(rows.lowerBound, row - Self.wordFitRows), high = min(rows.upperBound, row + Self.wordFitRows)
        var sumX = 0.0, sumY = 0.0, sumXX = 0.0, sumXY = 0.0
        for fitted in low...high {
            let x = Double(fitted - row), y = (Double(path.first[fitted]) + Double(path.last[fitted])) / 2
            sumX += x; sumY += y; sumXX += x * x; sumXY += x * y
        }
        let count = Double(high - low + 1)
        let spread = count * sumXX - sumX * sumX
        let slope = spread > 0 ? (count * sumXY - sumX * sumY) / spread : 0
        let frame = (sumY - slope * sumX) / count + slope * Double(sample - timing.sample(ofFrame: row)) / Double(timing.hop)
        return min(max(Int((frame * Double(timing.hop)).rounded()), 0), recordingSamples)
    }

    /// Rows either side of a word's first that its line is fitted over
    /// (10 frames, about 100 ms; 5 and 20 measured about as well, 50 worse).
    static let wordFitRows = 10

    /// The reference frames of a span of samples; nil when it has none.
    private func rows(of samples: Range<Int>) -> ClosedRange<Int>? {
        let first = min(timing.frame(ofSample: samples.lowerBound), path.rows - 1)
        let last = min(timing.frame(ofSample: max(samples.upperBound - 1, 0)), path.rows - 1)
        return first <= last ? first...last : nil
    }

    /// Where the reference sample before `sample` ends in the recording.
    func offset(_ end: Int) -> Int {
        let row = min(timing.frame(ofSample: max(end - 1, 0)), path.rows - 1)
        let within = end - timing.sample(ofFrame: row)
        return min(timing.sample(ofFrame: Int(path.last[row])) + min(max(within, 1), timing.hop), recordingSamples)
    }

    /// Sets each span's confidence and status from its match cost and how
    /// far its duration departs from the book's usual ratio. The cost is
    /// judged by where it lies between the book's median cost and the
    /// span's cost against unrelated frames (``UnrelatedCost``), when
    /// known, else against the median alone.
    private func judge(_ mapped: inout [AlignedSpan], _ spans: [ReferenceSpan], unrelated: [Double]?) {
        let costs = spans.map(meanCost)
        let ratios = zip(spans, mapped).map { reference, recorded in
            Double(recorded.samples.count) / Double(max(reference.samples.count, 1))
        }
        let usualCost = Self.median(costs.filter { $0.isFinite })
        let usualRatio = Self.median(ratios)
        for index in mapped.indices {
            let chance = unrelated.flatMap { index < $0.count ? $0[index] : nil }
            let match = Self.matchShare(cost: costs[index], usual: usualCost, unrelated: chance)
            let squeeze = usualRatio > 0 ? ratios[index] / usualRatio : 1
            let squeezed = min(max((squeeze - Self.squeezedBelow) / (1 - Self.squeezedBelow), 0), 1)
            mapped[index].confidence = match * squeezed
            if squeeze < Self.squeezedBelow || match <= 0 { mapped[index].status = .notFound }
        }
    }

    /// How good a match of cost `cost` is, from 1 (the book's usual match
    /// or better) to 0 (not found). Against a chance level: 0 at
    /// ``chanceShareBelow`` of the way from `unrelated` to `usual`, and
    /// always within 1% of `unrelated` or above (``chanceMatch``: a match
    /// no better than chance, as every match in a silent recording, where
    /// the median itself is chance). Without one (or when chance is
    /// no worse than usual): 0 at ``costExcessLimit`` over `usual`.
    static func matchShare(cost: Double, usual: Double, unrelated: Double?) -> Double {
        guard cost.isFinite else { return 0 }
        if let unrelated, cost >= unrelated * chanceMatch { return 0 }
        if let unrelated, unrelated > usual {
            let share = (unrelated - cost) / (unrelated - usual)
            return min(max((share - chanceShareBelow) / (1 - chanceShareBelow), 0), 1)
        }
        let excess = usual > 0 ? max(cost / usual - 1, 0) : 0
        return min(max(1 - excess / costExcessLimit, 0), 1)
    }

    /// A span whose duration is less than this share of the usual is not in the recording.
    static let squeezedBelow = 0.35
    /// A span whose match cost is not at least this share of the way from
    /// its unrelated cost to the book's median is not in the recording.
    /// Measured (docs/alignment.md): sentences the recording holds lie at
    /// 0.68–1.26 (Piper against espeak-ng, median 2.7–2.9, unrelated 3.6–4.4)
    /// and 0.81–1.10 (Pride and Prejudice's front matter and first chapters
    /// in espeak-ng en-gb, median 0.50, unrelated 3.7–4.5).
    static let chanceShareBelow = 0.25
    /// A match costing at least this share of its unrelated cost is no
    /// better than chance (the two are means of different samples of the
    /// same distances, so they never quite meet).
    static let chanceMatch = 0.99
    /// Without an unrelated cost, a span whose match costs this much more
    /// than the median (as a share of it) is not in the recording.
    static let costExcessLimit = 0.6

    /// The mean match cost of the reference frames a span covers.
    private func meanCost(_ span: ReferenceSpan) -> Double {
        guard let rows = rows(of: span.samples) else { return 0 }
        var sum = 0.0
        for row in rows { sum += Double(path.cost[row]) }
        return sum / Double(rows.count)
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
