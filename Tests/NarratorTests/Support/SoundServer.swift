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

    /// Checks that the server plays at all: `program` (the server's own
    /// player) plays a tenth of a second of silence within 10 s. A server
    /// that cannot (no session manager linking streams, say) would leave any
    /// player waiting for ever.
    func checkPlayback(with program: String, arguments: [String] = [], directory: String) throws {
        let silence = directory + "/silence.wav"
        var header = Data("RIFF".utf8) + Self.littleEndian(UInt32(36 + 4410)) + Data("WAVEfmt ".utf8)
        header += Self.littleEndian(UInt32(16)) + Self.littleEndian(UInt16(1)) + Self.littleEndian(UInt16(1))
        header += Self.littleEndian(UInt32(22050)) + Self.littleEndian(UInt32(44100))
        header += Self.littleEndian(UInt16(2)) + Self.littleEndian(UInt16(16))
        header += Data("data".utf8) + Self.littleEndian(UInt32(4410))
        try (header + Data(count: 4410)).write(to: URL(fileURLWithPath: silence))
        let player = try ChildProcess(program, arguments + [silence], environment: environment)
        guard let status = player.wait(atMost: 10) else {
            player.signal(SIGKILL)
            player.wait()
            throw SoundServerError("\(program) did not finish playing a tenth of a second in 10 s")
        }
        guard status == 0 else { throw SoundServerError("\(program) failed with status \(status)") }
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
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
            try cancel("\(name) is not installed here (missing \(missing.joined(separator: ", ")))")
        }
        do {
            return name == pulseAudio ? try PulseServer() : try PipeWireServer()
        } catch let error as SoundServerError {
            try cancel("\(name) does not run on this machine: \(error)")
        }
    }

    /// Cancels the running test, saying why on standard error too (the
    /// console does not show a cancelled test's reason).
    private static func cancel(_ reason: String) throws -> Never {
        FileHandle.standardError.write(Data("SoundDeviceTests: skipped: \(reason)\n".utf8))
        try Test.cancel(Comment(rawValue: reason))
    }
}

struct SoundServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
