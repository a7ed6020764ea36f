import Glibc

/// Feature frames kept in a scratch file instead of in memory, written
/// once frame by frame and then read back a stretch at a time, normalised
/// with the mean and variance gathered while writing. The file is removed
/// when the object goes, unless ``keepsFile`` (a resumable alignment keeps
/// its signals' features for the next run: ``saved``, ``init(reopening:)``).
public final class FeatureFile: FrameSource {
    public let dimension: Int
    public private(set) var count = 0
    /// The scratch file's path.
    public let path: String
    private let descriptor: Int32
    /// Frames waiting to be written.
    private var buffer: [Float] = []
    /// The moments of the frames of sound written so far.
    private var moments: FrameMoments
    /// Set by ``finish()``: what each coefficient is shifted and scaled by on reading.
    private var mean: [Float]
    private var scale: [Float]

    /// Whether the file stays when the object goes.
    public var keepsFile = false

    /// What reopens a finished file in a later process.
    public struct Saved: Codable, Hashable, Sendable {
        public var path: String
        public var dimension: Int
        public var count: Int
        public var mean: [Float]
        public var scale: [Float]
    }

    /// The finished file, to reopen (after ``finish()``).
    public var saved: Saved { Saved(path: path, dimension: dimension, count: count, mean: mean, scale: scale) }

    /// Frames written per `write` call.
    private static let bufferFrames = 8_192

    /// Creates an empty file in `folder`.
    /// - Throws: ``AlignmentError/scratch(_:)`` when the file cannot be made.
    /// - Parameter name: the file's name in `folder`, replacing any file of
    ///   that name; nil for a new name of its own.
    public init(folder: String, name: String? = nil, dimension: Int) throws(AlignmentError) {
        self.dimension = max(dimension, 1)
        if let name {
            path = folder + "/" + name
            descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        } else {
            var template = Array((folder + "/features-XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
            path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard descriptor >= 0 else { throw .scratch("cannot make a scratch file in \(folder): \(String(cString: strerror(errno)))") }
        moments = FrameMoments(dimension: self.dimension)
        mean = [Float](repeating: 0, count: self.dimension)
        scale = [Float](repeating: 1, count: self.dimension)
        buffer.reserveCapacity(Self.bufferFrames * self.dimension)
    }

    /// Opens a file a finished ``FeatureFile`` left (``saved``), kept; for reading.
    /// - Throws: ``AlignmentError/scratch(_:)`` when it is missing or not as long as `saved` says.
    public init(reopening saved: Saved) throws(AlignmentError) {
        dimension = max(saved.dimension, 1)
        guard saved.mean.count == dimension, saved.scale.count == dimension, saved.count >= 0 else {
            throw .scratch("\(saved.path): the record does not match the file")
        }
        path = saved.path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .scratch("cannot open \(path): \(String(cString: strerror(errno)))") }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) == saved.count * dimension * MemoryLayout<Float>.size else {
            close(descriptor)
            throw .scratch("\(path) is not as long as its record says")
        }
        count = saved.count
        mean = saved.mean
        scale = saved.scale
        moments = FrameMoments(dimension: 0)
        keepsFile = true
    }

    deinit {
        close(descriptor)
        if !keepsFile { unlink(path) }
    }

    /// Appends one frame of ``dimension`` values (missing ones are 0).
    /// - Parameter counted: whether it counts towards the mean and variance
    ///   (a frame of sound, not of silence).
    public func append(_ frame: UnsafeBufferPointer<Float>, counted: Bool = true) throws(AlignmentError) {
        for k in 0..<dimension { buffer.append(k < frame.count ? frame[k] : 0) }
        if counted { moments.add(frame) }
        count += 1
        if buffer.count >= Self.bufferFrames * dimension { try flush() }
    }

    /// Appends one frame of ``dimension`` values.
    public func append(_ frame: [Float]) throws(AlignmentError) {
        try frame.withUnsafeBufferPointer { (values) throws(AlignmentError) in try append(values) }
    }

    /// Normalised values are kept within this many standard deviations: a
    /// pause's frames lie far below speech's mean in log energy (its mean
    /// and variance are measured on sound alone), and unbounded they would
    /// weigh on every distance to them. 3 (measured with ``MFCCAnalyzer/countedAbove``,
    /// docs/alignment.md).
    public static let limit: Float = 3

    /// Writes what is buffered and fixes the normalisation.
    public func finish() throws(AlignmentError) {
        try flush()
        (mean, scale) = moments.normalisation
    }

    public func frames(_ range: Range<Int>) throws(AlignmentError) -> FeatureMatrix {
        let clamped = range.clamped(to: 0..<count)
        var values = [Float](repeating: 0, count: clamped.count * dimension)
        let bytes = values.count * MemoryLayout<Float>.size
        let read = values.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            var done = 0
            while done < bytes {
                let got = pread(descriptor, base + done, bytes - done, off_t((clamped.lowerBound * dimension) * 4 + done))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return done }
                done += got
            }
            return done
        }
        guard read == bytes else { throw .scratch("cannot read back \(path): \(String(cString: strerror(errno)))") }
        FrameMoments.normalise(&values, mean: mean, scale: scale, limit: Self.limit)
        return FeatureMatrix(dimension: dimension, values: values)
    }

    private func flush() throws(AlignmentError) {
        let bytes = buffer.count * MemoryLayout<Float>.size
        let written = buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            var done = 0
            while done < bytes {
                let wrote = write(descriptor, base + done, bytes - done)
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else { return done }
                done += wrote
            }
            return done
        }
        guard written == bytes else { throw .scratch("cannot write \(path): \(String(cString: strerror(errno)))") }
        buffer.removeAll(keepingCapacity: true)
    }
}
