/// Where the warping reads feature frames from: a ``FeatureMatrix`` in
/// memory, or a ``FeatureFile`` on disk for sequences too long to hold (a
/// 12-hour recording has 4.3 million frames). Frames come back normalised
/// (mean 0, variance 1 per coefficient over the whole sequence).
public protocol FrameSource {
    /// Frames in the sequence.
    var count: Int { get }
    /// Values per frame.
    var dimension: Int { get }
    /// Frames `range` (clamped to the sequence), normalised.
    func frames(_ range: Range<Int>) throws(AlignmentError) -> FeatureMatrix
}

extension FeatureMatrix: FrameSource {
    /// Frames `range` as they are: a matrix handed to the warping is
    /// expected to be normalised already (``normalized()``).
    public func frames(_ range: Range<Int>) -> FeatureMatrix {
        let clamped = range.clamped(to: 0..<count)
        return FeatureMatrix(dimension: dimension, values: Array(values[(clamped.lowerBound * dimension)..<(clamped.upperBound * dimension)]))
    }
}

extension FrameSource {
    /// Every `factor` frames averaged into one and normalised again, read
    /// and written a block at a time; in memory when the result is small
    /// (at most `memoryFrames` frames), else in a new ``FeatureFile`` in `folder`.
    func downsampled(by factor: Int, memoryFrames: Int, folder: String?) throws(AlignmentError) -> any FrameSource {
        let groups = (count + factor - 1) / factor
        let file = try folder.flatMap { folder throws(AlignmentError) in
            groups > memoryFrames ? try FeatureFile(folder: folder, dimension: dimension) : nil
        }
        var memory = FeatureMatrix(dimension: dimension)
        let block = factor * 16_384
        var average = [Float](repeating: 0, count: dimension)
        for start in stride(from: 0, to: count, by: block) {
            let part = try frames(start..<min(start + block, count))
            for first in stride(from: 0, to: part.count, by: factor) {
                let last = min(first + factor, part.count)
                for k in 0..<dimension { average[k] = 0 }
                part.values.withUnsafeBufferPointer { values in
                    for frame in first..<last { for k in 0..<dimension { average[k] += values[frame * dimension + k] } }
                }
                let share = 1 / Float(last - first)
                for k in 0..<dimension { average[k] *= share }
                if let file { try file.append(average) } else { memory.append(average) }
            }
        }
        if let file {
            try file.finish()
            return file
        }
        return memory.normalized()
    }
}

/// Frames `range` of another source, numbered from 0: one file's part of a
/// recording, or the reference frames of the text it reads.
public struct FrameSlice: FrameSource {
    public let base: any FrameSource
    public let range: Range<Int>

    /// `range` clamped to `base`.
    public init(_ base: any FrameSource, _ range: Range<Int>) {
        self.base = base
        self.range = range.clamped(to: 0..<base.count)
    }

    public var count: Int { range.count }
    public var dimension: Int { base.dimension }

    public func frames(_ wanted: Range<Int>) throws(AlignmentError) -> FeatureMatrix {
        let clamped = wanted.clamped(to: 0..<count)
        return try base.frames((range.lowerBound + clamped.lowerBound)..<(range.lowerBound + clamped.upperBound))
    }
}

/// Another source's frames normalised again, to mean 0 and variance 1 over
/// `over` alone: the recording's sound (``AudibleStretch``), so that long
/// silence or noise before and after it, which the warping leaves out,
/// does not weigh on the mean and variance its speech is measured with
/// (200 s of silence after a 73 s reading left every frame of the reading
/// far from the mean, and nine of its ten sentences judged not found).
public struct RenormalizedFrames: FrameSource {
    public let base: any FrameSource
    private let mean: [Float]
    private let scale: [Float]

    /// Reads `over` once, a stretch at a time, for its mean and variance;
    /// when `over` is the whole of `base`, its frames are passed on as they are.
    public init(_ base: any FrameSource, over: Range<Int>) throws(AlignmentError) {
        self.base = base
        let over = over.clamped(to: 0..<base.count)
        guard over.count > 1, over != 0..<base.count else {
            (mean, scale) = ([], [])
            return
        }
        var moments = FrameMoments(dimension: base.dimension)
        var start = over.lowerBound
        while start < over.upperBound {
            let end = min(start + Self.stretch, over.upperBound)
            let frames = try base.frames(start..<end)
            frames.values.withUnsafeBufferPointer { values in
                for frame in 0..<frames.count {
                    moments.add(UnsafeBufferPointer(rebasing: values[(frame * frames.dimension)..<((frame + 1) * frames.dimension)]))
                }
            }
            start = end
        }
        (mean, scale) = moments.normalisation
    }

    /// Frames read at a time while measuring.
    static let stretch = 50_000

    public var count: Int { base.count }
    public var dimension: Int { base.dimension }

    public func frames(_ range: Range<Int>) throws(AlignmentError) -> FeatureMatrix {
        let frames = try base.frames(range)
        guard !mean.isEmpty else { return frames }
        var values = frames.values
        FrameMoments.normalise(&values, mean: mean, scale: scale)
        return FeatureMatrix(dimension: frames.dimension, values: values)
    }
}
