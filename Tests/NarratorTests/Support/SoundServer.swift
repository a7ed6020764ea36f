import Foundation
import TestSupport
import Testing

/// A private sound server with one null sink, for hearing what
/// `narrate speak` plays on "the sound device" on a machine without sound
/// hardware: what reaches the sink is recorded. It lives in its own runtime
/// directory and is stopped when it goes away.
protocol SoundServer: AnyObject {
    /// The environment a client needs to reach this server.
    var environment: [String: String] { get }
    /// Starts recording what the sink plays into a mono WAV file at `rate`,
    /// and returns once the recording runs.
    func record(to path: String, rate: Int) throws -> ChildProcess
}

extension SoundServer {
    /// Stops a recorder started by ``record(to:rate:)`` so that it closes its file.
    func stop(_ recorder: ChildProcess) {
        recorder.signal(SIGINT)
        recorder.wait()
    }

    /// A runtime directory for a server: short, as the socket path must fit
    /// in sockaddr_un.
    static func makeRuntimeDirectory(_ prefix: String) throws -> String {
        let directory = "/tmp/\(prefix)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
        return directory
    }
}

/// The servers the tests can start here, by name.
enum SoundServers {
    static let pulseAudio = "PulseAudio", pipeWire = "PipeWire"

    static let all = [pulseAudio, pipeWire]

    static func missingPrograms(for name: String) -> [String] {
        let programs = name == pulseAudio
            ? ["pulseaudio", "pactl", "paplay", "parec"]
            : ["pipewire", "wireplumber", "pw-cli", "pw-play", "pw-record", "pw-dump", "dbus-run-session"]
        return programs.filter { !FileManager.default.isExecutableFile(atPath: "/usr/bin/" + $0) }
    }

    /// Starts the server; cancels the running test, saying why, when the
    /// server is not installed or cannot run on this machine (that says
    /// nothing about narrate).
    static func start(_ name: String) throws -> any SoundServer {
        let missing = missingPrograms(for: name)
        if !missing.isEmpty {
            try Test.cancel("\(name) is not installed here (missing \(missing.joined(separator: ", ")))")
        }
        do {
            return name == pulseAudio ? try PulseServer() : try PipeWireServer()
        } catch let error as SoundServerError {
            try Test.cancel("\(name) does not run on this machine: \(error)")
        }
    }
}

struct SoundServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
