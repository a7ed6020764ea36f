import Foundation
import TestSupport

/// PulseAudio with `module-null-sink`, recorded with `parec`.
final class PulseServer: SoundServer {
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
        let directory = try Self.makeRuntimeDirectory("narrate-pa")
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory + "/.config/pulse", withIntermediateDirectories: true)
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
            throw SoundServerError("pulseaudio did not start")
        }
        try checkPlayback(with: "/usr/bin/paplay", directory: directory)
    }

    deinit {
        server.signal(SIGTERM)
        server.wait()
        try? FileManager.default.removeItem(atPath: directory)
    }

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

}
