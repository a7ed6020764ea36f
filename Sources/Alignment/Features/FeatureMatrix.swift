/// A sequence of feature vectors (one per frame), stored row by row in one
/// array of `Float`s.
public struct FeatureMatrix: Hashable, Sendable {
    /// Values per frame (13 MFCCs by default); at least 1.
    public let dimension: Int
    /// `count × dimension` values, frame after frame.
    public private(set) var values: [Float]

    public init(dimension: Int, values: [Float] = []) {
        self.dimension = max(dimension, 1)
        self.values = values
    }

    /// Frames held.
    public var count: Int { values.count / dimension }

    /// Appends one frame of ``dimension`` values.
    public mutating func append(_ frame: UnsafeBufferPointer<Float>) {
        values.append(contentsOf: frame.prefix(dimension))
        if frame.count < dimension { values.append(contentsOf: repeatElement(0, count: dimension - frame.count)) }
    }

    /// Appends one frame of ``dimension`` values.
    public mutating func append(_ frame: [Float]) {
        frame.withUnsafeBufferPointer { append($0) }
    }

    /// Frame `index`'s values.
    public subscript(frame index: Int) -> ArraySlice<Float> {
        values[(index * dimension)..<((index + 1) * dimension)]
    }

    /// Each coefficient shifted to mean 0 and scaled to variance 1 over the
    /// whole sequence (cepstral mean and variance normalisation), which takes
    /// away most of what a voice, microphone and room add to every frame.
    public func normalized() -> FeatureMatrix {
        guard count > 1 else { return self }
        var mean = [Double](repeating: 0, count: dimension)
        var square = [Double](repeating: 0, count: dimension)
        for (offset, value) in values.enumerated() {
            mean[offset % dimension] += Double(value)
            square[offset % dimension] += Double(value) * Double(value)
        }
        let n = Double(count)
        let scale = (0..<dimension).map { k -> Double in
            let variance = square[k] / n - (mean[k] / n) * (mean[k] / n)
            return variance > 1e-12 ? 1 / variance.squareRoot() : 1
        }
        var result = values
        for offset in result.indices {
            let k = offset % dimension
            result[offset] = Float((Double(result[offset]) - mean[k] / n) * scale[k])
        }
        return FeatureMatrix(dimension: dimension, values: result)
    }

    /// Every `factor` frames averaged into one (the last group may be shorter).
    public func downsampled(by factor: Int) -> FeatureMatrix {
        guard factor > 1, count > 0 else { return self }
        let groups = (count + factor - 1) / factor
        var result = [Float](repeating: 0, count: groups * dimension)
        for group in 0..<groups {
            let first = group * factor
            let last = min(first + factor, count)
            for frame in first..<last {
                for k in 0..<dimension { result[group * dimension + k] += values[frame * dimension + k] }
            }
            let share = 1 / Float(last - first)
            for k in 0..<dimension { result[group * dimension + k] *= share }
        }
        return FeatureMatrix(dimension: dimension, values: result)
    }
}
