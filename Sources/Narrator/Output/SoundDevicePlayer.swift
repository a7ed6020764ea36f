import Foundation

/// Plays audio on the default sound device by piping a WAV stream into a
/// player program: `pw-play` (PipeWire), `paplay` (PulseAudio) or `aplay`
/// (ALSA), chosen by the sound server that is running (see
/// ``choosePlayer(environment:isExecutable:exists:)``), or the shell command
/// in the `NARRATE_PLAYER` environment variable. The pipe paces rendering to
/// real time.
///
/// When no player exists, or the player fails to open a device, writes and
/// ``finish()`` throw ``OutputError/noSoundDevice(_:)`` with the player's own
/// message. Once `stopRequested` turns true (Ctrl-C), ``finish()`` silences
/// the player at once instead of letting it play what it still holds.
public final class SoundDevicePlayer: AudioSink {
    /// The player programs tried, in order. paplay is asked for 100 ms of
    /// latency (pw-play's default) instead of its 2 s, so that the reader's
    /// highlight and Ctrl-C keep up with the sound.
    public static let players: [(program: String, arguments: [String])] = [
        ("pw-play", ["-"]), ("paplay", ["--latency-msec=100"]), ("aplay", ["-q"]),
    ]

    private let process: Process
    private let input: Pipe
    private let errors: Pipe
    private let wav: WAVWriter
    private let playerName: String
    private let stopRequested: @Sendable () -> Bool
    private var isFinished = false

    /// Starts the player.
    /// - Parameter stopRequested: when true at ``finish()``, the rest is not
    ///   played (the command line passes its Ctrl-C flag).
    /// - Throws: ``OutputError/noSoundDevice(_:)`` when there is no player.
    public init(sampleRate: Int, environment: [String: String] = ProcessInfo.processInfo.environment,
        stopRequested: @escaping @Sendable () -> Bool = { false }) throws(OutputError)
    {
        signal(SIGPIPE, SIG_IGN)
        self.stopRequested = stopRequested
        process = Process()
        if let command = environment["NARRATE_PLAYER"], !command.isEmpty {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            playerName = command
        } else {
            guard let (path, arguments) = Self.choosePlayer(environment: environment) else {
                let names = Self.players.map(\.program).joined(separator: ", ")
                throw .noSoundDevice("none of \(names) is installed")
            }
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            playerName = URL(fileURLWithPath: path).lastPathComponent
        }
        input = Pipe()
        errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw .noSoundDevice("\(playerName) could not start: \(error.localizedDescription)")
        }
        do throws(OutputError) {
            wav = try WAVWriter(descriptor: input.fileHandleForWriting.fileDescriptor, sampleRate: sampleRate)
        } catch { throw .noSoundDevice("\(playerName) is not reading its input (\(error))") }
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws(OutputError) {
        do throws(OutputError) { try wav.write(samples) } catch { throw playerFailure(error) }
    }

    public func writeSilence(count: Int) throws(OutputError) {
        do throws(OutputError) { try wav.writeSilence(count: count) } catch { throw playerFailure(error) }
    }

    /// Sends the buffered audio to the player now (the reader does after each
    /// sentence, so the end of one is heard before the next is made).
    public func flush() throws(OutputError) {
        do throws(OutputError) { try wav.flush() } catch { throw playerFailure(error) }
    }

    /// Kills the player program at once, from any thread (the reader's, while
    /// another thread writes): what it holds is never played, and writes fail
    /// from then on. ``cancel()`` still has to close the pipe.
    public func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// Sends the rest, closes the pipe and waits for the player to finish
    /// playing; after a stop request, stops the player at once instead.
    public func finish() throws(OutputError) {
        if stopRequested() { return cancel() }
        guard !isFinished else { return }
        isFinished = true
        var failure: OutputError?
        do throws(OutputError) { try wav.finish() } catch { failure = error }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        if process.terminationStatus != 0 || failure != nil { throw playerFailure(failure ?? .closedPipe) }
    }

    /// Stops the player at once (after Ctrl-C).
    public func cancel() {
        guard !isFinished else { return }
        isFinished = true
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// A broken pipe means the player quit: report what it said.
    private func playerFailure(_ error: OutputError) -> OutputError {
        guard error == .closedPipe || error == .finished else { return error }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let data = errors.fileHandleForReading.availableData
        let said = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init)
        return .noSoundDevice("\(playerName) failed" + (said.map { ": \($0)" } ?? " with status \(process.terminationStatus)"))
    }

    /// The player for the sound server that is running: `pw-play` when
    /// PipeWire's socket is there, `paplay` when PulseAudio's is (or
    /// `PULSE_SERVER` names one), else `aplay` straight to ALSA. Many systems
    /// have all three programs installed whatever runs, so the first one on
    /// `PATH` would often be the wrong one. When the right program is not
    /// installed, the first that is.
    /// - Returns: the program's path and arguments; nil when none is installed.
    static func choosePlayer(
        environment: [String: String],
        isExecutable: (String) -> Bool = { access($0, X_OK) == 0 },
        exists: (String) -> Bool = { access($0, F_OK) == 0 }
    ) -> (path: String, arguments: [String])? {
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        let pipeWire = environment["PIPEWIRE_REMOTE"] != nil || exists(runtime + "/pipewire-0")
        let pulse = environment["PULSE_SERVER"] != nil || exists(runtime + "/pulse/native")
        let preferred = pipeWire ? "pw-play" : pulse ? "paplay" : "aplay"
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        let ordered = players.filter { $0.program == preferred } + players.filter { $0.program != preferred }
        for player in ordered {
            for directory in directories where isExecutable(directory + "/" + player.program) {
                return (directory + "/" + player.program, player.arguments)
            }
        }
        return nil
    }
}
