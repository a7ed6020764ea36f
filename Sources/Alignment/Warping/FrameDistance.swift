/// The distance of two feature frames that the warping minimises and the
/// judging of spans measures.
enum FrameDistance {
    /// The weighted Euclidean distance of frame `row` of `a` and frame
    /// `column` of `b`: each coefficient's squared difference is multiplied
    /// by its weight (coefficients past the end of `weights` weigh 1).
    @inline(__always)
    static func weighted(_ a: FeatureMatrix, _ row: Int, _ b: FeatureMatrix, _ column: Int, weights: [Float]) -> Float {
        let dimension = a.dimension
        return a.values.withUnsafeBufferPointer { a in
            b.values.withUnsafeBufferPointer { b in
                weights.withUnsafeBufferPointer { w in
                    var sum: Float = 0
                    let x = row * dimension, y = column * dimension
                    for k in 0..<dimension {
                        let d = a[x + k] - b[y + k]
                        sum += (k < w.count ? w[k] : 1) * d * d
                    }
                    return sum.squareRoot()
                }
            }
        }
    }
}
