import Foundation

/// The loudness of audio in 10 ms frames, for comparing a recording with
/// the file it should match.
struct LoudnessEnvelope {
    let frames: [Double]

    /// The frames of 16-bit mono samples.
    init(samples: [Int16], rate: Int) {
        let frame = rate / 100
        frames = stride(from: 0, to: samples.count - frame + 1, by: frame).map { start in
            let sum = samples[start..<start + frame].reduce(0.0) { $0 + Double($1) * Double($1) }
            return (sum / Double(frame)).squareRoot()
        }
    }

    /// What a recorder has written so far to a mono 16-bit WAV file at
    /// `rate`, read while it is still being written (the header's sizes are
    /// not final, so the samples are taken to follow a 44-byte header).
    init(growingWAV path: String, rate: Int) {
        let data = FileManager.default.contents(atPath: path) ?? Data()
        let body = data.count > 44 ? data.dropFirst(44) : Data()
        let samples = body.prefix(body.count / 2 * 2).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        self.init(samples: samples, rate: rate)
    }

    /// Reads any WAV file sox can, as mono 16-bit at `rate`.
    init(wav path: String, rate: Int) throws {
        let raw = path + ".raw"
        let sox = Process()
        sox.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        sox.arguments = [path, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "\(rate)", raw]
        try sox.run()
        sox.waitUntilExit()
        guard sox.terminationStatus == 0 else { throw SoundServerError("sox cannot read \(path)") }
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        self.init(samples: data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }, rate: rate)
    }

    /// Seconds of frames louder than `threshold`, from `start` seconds on.
    func loudSeconds(threshold: Double = 100, from start: Double = 0) -> Double {
        Double(frames.dropFirst(Int(start * 100)).filter { $0 > threshold }.count) / 100
    }

    /// Seconds of audio held.
    var duration: Double { Double(frames.count) / 100 }

    /// The best correlation of `other` slid along this envelope, over the
    /// frames they share (1 is the same shape).
    func bestCorrelation(with other: LoudnessEnvelope) -> Double {
        let count = min(frames.count, other.frames.count)
        guard count > 50 else { return 0 }
        var best = -1.0
        for lag in -(other.frames.count - 50)...(frames.count - 50) {
            let pairs = (0..<other.frames.count).compactMap { index -> (Double, Double)? in
                frames.indices.contains(index + lag) ? (frames[index + lag], other.frames[index]) : nil
            }
            guard pairs.count >= count / 2 else { continue }
            best = max(best, Self.correlation(pairs))
        }
        return best
    }

    private static func correlation(_ pairs: [(Double, Double)]) -> Double {
        let n = Double(pairs.count)
        let meanA = pairs.reduce(0) { $0 + $1.0 } / n, meanB = pairs.reduce(0) { $0 + $1.1 } / n
        var covariance = 0.0, varianceA = 0.0, varianceB = 0.0
        for (a, b) in pairs {
            covariance += (a - meanA) * (b - meanB)
            varianceA += (a - meanA) * (a - meanA)
            varianceB += (b - meanB) * (b - meanB)
        }
        return varianceA > 0 && varianceB > 0 ? covariance / (varianceA * varianceB).squareRoot() : 0
    }
}
