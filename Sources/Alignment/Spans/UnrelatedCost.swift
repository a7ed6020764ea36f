/// What matching each span with recording frames unrelated to it would
/// cost: the chance level its real match cost is judged against.
///
/// A global median alone cannot say whether a match is good: the title
/// page of an espeak-ng en-gb recording matched at 0.87–1.17 against a
/// book median of 0.46 (over 1.6 times the median, so judged not found),
/// yet far below the 3–4 that unrelated frames cost. Each span's own
/// frames are measured against a fixed spread of recording frames, so a
/// span rich in pauses or in sounds the two voices render alike gets its
/// own chance level.
public struct UnrelatedCost: Sendable {
    /// Recording frames sampled evenly over the whole recording; 1,024 by default.
    public var recordingFrames = 1_024
    /// A span's frames measured, evenly spread; at most 64 by default.
    public var spanFrames = 64
    /// Recording frames each span frame is measured against; 16 by default.
    public var pairs = 16
    /// Each coefficient's weight, as the finest level of the warping weighs it.
    public let weights: [Float]
    public let timing: FrameTiming

    public init(weights: [Float], timing: FrameTiming) {
        self.weights = weights
        self.timing = timing
    }

    /// Each span's mean distance to unrelated recording frames.
    /// - Throws: ``AlignmentError/scratch(_:)`` when a feature file cannot be read.
    public func costs(of spans: [ReferenceSpan], reference: any FrameSource, recording: any FrameSource) throws(AlignmentError) -> [Double] {
        guard reference.count > 0, recording.count > 0 else { return spans.map { _ in 0 } }
        let sample = try sampled(recording)
        var costs: [Double] = []
        costs.reserveCapacity(spans.count)
        for span in spans {
            let first = min(timing.frame(ofSample: span.samples.lowerBound), reference.count - 1)
            let last = min(timing.frame(ofSample: max(span.samples.upperBound - 1, 0)), reference.count - 1)
            costs.append(first <= last ? cost(of: try reference.frames(first..<(last + 1)), against: sample, seed: first) : 0)
        }
        return costs
    }

    /// ``recordingFrames`` frames spread evenly over `recording`.
    private func sampled(_ recording: any FrameSource) throws(AlignmentError) -> FeatureMatrix {
        var sample = FeatureMatrix(dimension: recording.dimension)
        let wanted = min(recordingFrames, recording.count)
        for index in 0..<wanted {
            let frame = index * recording.count / wanted + recording.count / (2 * wanted)
            sample.append(Array(try recording.frames(frame..<(frame + 1)).values))
        }
        return sample
    }

    /// The mean distance of up to ``spanFrames`` of `frames` to ``pairs``
    /// frames of `sample` each (which ones depends on `seed`, the span's first row).
    private func cost(of frames: FeatureMatrix, against sample: FeatureMatrix, seed: Int) -> Double {
        guard frames.count > 0, sample.count > 0 else { return 0 }
        let used = min(spanFrames, frames.count)
        var sum = 0.0
        for index in 0..<used {
            let row = index * frames.count / used
            for pair in 0..<pairs {
                let column = (seed &* 7_919 &+ row &* 31 &+ pair &* 61).magnitude % UInt(sample.count)
                sum += Double(FrameDistance.weighted(frames, row, sample, Int(column), weights: weights))
            }
        }
        return sum / Double(used * pairs)
    }
}
