/// Each coefficient's sum and sum of squares over the frames added, and the
/// shift and scale that bring them to mean 0 and variance 1: what a
/// ``FeatureFile`` gathers while it is written and ``RenormalizedFrames``
/// over a stretch it reads.
struct FrameMoments {
    private var sums: [Double]
    private var squares: [Double]
    /// Frames added.
    private(set) var count = 0

    init(dimension: Int) {
        sums = [Double](repeating: 0, count: dimension)
        squares = sums
    }

    /// Adds one frame of the values (as many as the dimension; missing ones are not added).
    mutating func add(_ frame: UnsafeBufferPointer<Float>) {
        for k in 0..<min(sums.count, frame.count) {
            sums[k] += Double(frame[k])
            squares[k] += Double(frame[k]) * Double(frame[k])
        }
        count += 1
    }

    /// Each coefficient's mean, and the scale that gives it variance 1 (1
    /// when there are fewer than two frames or no variance).
    var normalisation: (mean: [Float], scale: [Float]) {
        let n = Double(max(count, 1))
        var mean: [Float] = [], scale: [Float] = []
        for k in sums.indices {
            let average = sums[k] / n
            let variance = squares[k] / n - average * average
            mean.append(Float(average))
            scale.append(count > 1 && variance > 1e-12 ? Float(1 / variance.squareRoot()) : 1)
        }
        return (mean, scale)
    }

    /// `values`, frames of `mean.count` values, shifted by `mean` and scaled by
    /// `scale`, each kept within ±`limit`.
    static func normalise(_ values: inout [Float], mean: [Float], scale: [Float], limit: Float = .infinity) {
        let dimension = mean.count
        guard dimension > 0 else { return }
        for index in values.indices {
            let k = index % dimension
            values[index] = min(max((values[index] - mean[k]) * scale[k], -limit), limit)
        }
    }
}
