import Foundation
import TestSupport

/// PipeWire with WirePlumber (under its own D-Bus session) and a null audio
/// sink, recorded with `pw-record` from the sink's monitor.
final class PipeWireServer: SoundServer {
    static let sinkName = "narrate-null"
    let directory: String
    private let daemon: ChildProcess
    private var sessionManager: ChildProcess?

    var environment: [String: String] { Self.environment(directory) }

    private static func environment(_ directory: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = directory
        environment["HOME"] = directory
        for key in ["PULSE_SERVER", "PIPEWIRE_REMOTE", "NARRATE_PLAYER", "DBUS_SESSION_BUS_ADDRESS"] {
            environment[key] = nil
        }
        return environment
    }

    /// Starts PipeWire and WirePlumber, adds the sink, and waits (up to 10 s
    /// each) until they are up.
    init() throws {
        let directory = try Self.makeRuntimeDirectory("narrate-pw")
        self.directory = directory
        daemon = try ChildProcess("/usr/bin/pipewire", [], environment: Self.environment(directory))
        try Self.waitFor { FileManager.default.fileExists(atPath: "\(self.directory)/pipewire-0") }
        // Its own group: the D-Bus daemon that dbus-run-session starts goes with it.
        sessionManager = try ChildProcess(
            "/usr/bin/dbus-run-session", ["--", "/usr/bin/wireplumber"], environment: environment, leadsGroup: true)
        let properties = "{ factory.name=support.null-audio-sink node.name=\(Self.sinkName) "
            + "media.class=Audio/Sink object.linger=true audio.position=[FL FR] }"
        try Self.waitFor { try self.objectDump().contains("\"WirePlumber\"") }
        _ = try ChildProcess.run("/usr/bin/pw-cli", ["create-node", "adapter", properties], environment: environment)
        try Self.waitFor { try self.objectDump().contains("\"\(Self.sinkName)\"") }
        try checkPlayback(with: "/usr/bin/pw-play", directory: directory)
    }

    deinit {
        sessionManager?.signal(SIGTERM)
        sessionManager?.wait()
        daemon.signal(SIGTERM)
        daemon.wait()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func record(to path: String, rate: Int) throws -> ChildProcess {
        let recorder = try ChildProcess("/usr/bin/pw-record", [
            "-P", "{ stream.capture.sink=true }", "--target", Self.sinkName,
            "--rate", "\(rate)", "--channels", "1", path,
        ], environment: environment)
        try Self.waitFor { try self.objectDump().contains("\"pw-record\"") }
        usleep(300_000)
        return recorder
    }

    /// Every object of the server, as `pw-dump` prints them.
    private func objectDump() throws -> String {
        try ChildProcess.run("/usr/bin/pw-dump", [], environment: environment).output
    }

    private static func waitFor(_ condition: () throws -> Bool) throws {
        for _ in 0..<100 {
            if try condition() { return }
            usleep(100_000)
        }
        throw SoundServerError("PipeWire did not come up")
    }
}
