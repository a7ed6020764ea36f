import Foundation
import TestSupport

/// A private PulseAudio server with one null sink, for hearing what
/// `narrate speak` plays on "the sound device" on a machine without sound
/// hardware: the sink's monitor is recorded with `parec`.
///
/// The server lives in its own runtime directory and is killed on deinit.
final class PulseServer {
    /// Why the server cannot run here, or nil when `pulseaudio`, `pactl`,
    /// `paplay` and `parec` are all installed.
    static var missingProgram: String? {
        ["pulseaudio", "pactl", "paplay", "parec"].first { !FileManager.default.isExecutableFile(atPath: "/usr/bin/" + $0) }
    }

    static let sinkName = "narrate_test"
    let directory: String
    private let server: ChildProcess

    /// The environment a client needs to reach this server.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = directory
        environment["HOME"] = directory
        environment["PULSE_SERVER"] = "unix:\(directory)/pulse/native"
        environment["NARRATE_PLAYER"] = nil
        return environment
    }

    /// Starts the server and waits (up to 10 s) until it answers.
    init() throws {
        // Short: the socket path must fit in sockaddr_un.
        let directory = "/tmp/narrate-pa-\(UUID().uuidString.prefix(8))"
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory + "/.config/pulse", withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
        // A client that finds no server must not start one of its own.
        try "autospawn = no\n".write(toFile: directory + "/.config/pulse/client.conf", atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = directory
        environment["HOME"] = directory
        server = try ChildProcess("/usr/bin/pulseaudio", [
            "--daemonize=no", "--system=false", "-n", "--exit-idle-time=-1",
            "--load=module-null-sink sink_name=\(Self.sinkName)", "--load=module-native-protocol-unix",
        ], environment: environment)
        for _ in 0..<100 where try ChildProcess.run("/usr/bin/pactl", ["info"], environment: self.environment).status != 0 {
            usleep(100_000)
        }
        guard try ChildProcess.run("/usr/bin/pactl", ["info"], environment: self.environment).status == 0 else {
            throw PulseError("pulseaudio did not start")
        }
    }

    deinit {
        server.signal(SIGTERM)
        server.wait()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Starts recording the null sink into a mono WAV file at `rate`, and
    /// waits until the server has the recording stream.
    func record(to path: String, rate: Int) throws -> ChildProcess {
        let recorder = try ChildProcess("/usr/bin/parec", [
            "-d", "\(Self.sinkName).monitor", "--file-format=wav", "--channels=1", "--rate=\(rate)", path,
        ], environment: environment)
        for _ in 0..<100 where try ChildProcess.run("/usr/bin/pactl", ["list", "short", "source-outputs"],
            environment: environment).output.isEmpty
        {
            usleep(100_000)
        }
        usleep(300_000)
        return recorder
    }

    /// Stops a recorder started by ``record(to:rate:)`` so that it closes its file.
    func stop(_ recorder: ChildProcess) {
        recorder.signal(SIGINT)
        recorder.wait()
    }
}

struct PulseError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The loudness of audio in 10 ms frames, for comparing a recording with
/// the file it should match.
struct LoudnessEnvelope {
    let frames: [Double]

    /// Reads any WAV file sox can, as mono 16-bit at `rate`.
    init(wav path: String, rate: Int) throws {
        let raw = path + ".raw"
        let sox = Process()
        sox.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        sox.arguments = [path, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "\(rate)", raw]
        try sox.run()
        sox.waitUntilExit()
        guard sox.terminationStatus == 0 else { throw PulseError("sox cannot read \(path)") }
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let frame = rate / 100
        frames = stride(from: 0, to: samples.count - frame + 1, by: frame).map { start in
            let sum = samples[start..<start + frame].reduce(0.0) { $0 + Double($1) * Double($1) }
            return (sum / Double(frame)).squareRoot()
        }
    }

    /// Seconds of frames louder than `threshold`.
    func loudSeconds(threshold: Double = 100) -> Double {
        Double(frames.filter { $0 > threshold }.count) / 100
    }

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
