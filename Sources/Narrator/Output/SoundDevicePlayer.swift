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
/// message. Once `stopRequested` turns true (Ctrl-C), the player is
/// silenced at once: a watcher kills it, which also frees a write blocked on
/// the full pipe, and ``finish()`` does not wait for what it held.
public final class SoundDevicePlayer: AudioSink {
    /// A player program and how to call it.
    struct Program: Sendable {
        let name: String
        /// The arguments for 16-bit mono audio at a sample rate.
        let arguments: @Sendable (Int) -> [String]
        /// Whether it reads bare samples rather than a WAV stream: pw-play
        /// reads `-` as raw PCM in the format its options give (a WAV header
        /// would be played as noise, and 22,050 Hz mono at its default
        /// 48,000 Hz stereo).
        let readsRawPCM: Bool
    }

    /// The player programs. paplay is asked for 100 ms of latency (pw-play's
    /// default) instead of its 2 s, so that the reader's highlight and Ctrl-C
    /// keep up with the sound.
    static let programs: [Program] = [
        Program(name: "pw-play", arguments: { ["--rate=\($0)", "--channels=1", "--format=s16", "-"] }, readsRawPCM: true),
        Program(name: "paplay", arguments: { _ in ["--latency-msec=100"] }, readsRawPCM: false),
        Program(name: "aplay", arguments: { _ in ["-q"] }, readsRawPCM: false),
    ]

    private let process: Process
    private let input: Pipe
    private let errors: Pipe
    private let wav: WAVWriter
    private let playerName: String
    private let stopRequested: (@Sendable () -> Bool)?
    private var isFinished = false

    /// Starts the player. The caller ignores SIGPIPE (a player that dies
    /// then gives a write error instead of ending the process): libraries
    /// install no signal handlers.
    /// - Parameter stopRequested: polled every 20 ms while the player runs;
    ///   when it turns true the player is killed (the command line passes its
    ///   Ctrl-C flag).
    /// - Throws: ``OutputError/noSoundDevice(_:)`` when there is no player.
    public init(sampleRate: Int, environment: [String: String] = ProcessInfo.processInfo.environment,
        stopRequested: (@Sendable () -> Bool)? = nil) throws(OutputError)
    {
        self.stopRequested = stopRequested
        process = Process()
        var readsRawPCM = false
        if let command = environment["NARRATE_PLAYER"], !command.isEmpty {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            playerName = command
        } else {
            guard let (path, program) = Self.choosePlayer(environment: environment) else {
                let names = Self.programs.map(\.name).joined(separator: ", ")
                throw .noSoundDevice("none of \(names) is installed")
            }
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = program.arguments(sampleRate)
            playerName = program.name
            readsRawPCM = program.readsRawPCM
        }
        process.environment = environment
        input = Pipe()
        errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw .noSoundDevice("\(playerName) could not start: \(error.localizedDescription)")
        }
        do throws(OutputError) {
            wav = try WAVWriter(
                descriptor: input.fileHandleForWriting.fileDescriptor, sampleRate: sampleRate, writesHeader: !readsRawPCM)
        } catch { throw .noSoundDevice("\(playerName) is not reading its input (\(error))") }
        if let stopRequested { watch(stopRequested) }
    }

    /// Kills the player as soon as `stopRequested` turns true, from a thread
    /// of its own: the narrating thread may be blocked writing to the full pipe.
    private func watch(_ stopRequested: @escaping @Sendable () -> Bool) {
        let process = process
        Thread.detachNewThread {
            while process.isRunning {
                if stopRequested() {
                    process.terminate()
                    return
                }
                usleep(20_000)
            }
        }
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
        try finish(waitingAtMost: nil)
    }

    /// Like ``finish()``, but waits at most `limit` seconds for the player:
    /// one that has not failed by then is stopped and taken to work. The
    /// reader's device probe uses this, as it need not hear its silence
    /// played out (draining takes up to 2 s on some servers).
    public func finish(waitingAtMost limit: Double?) throws(OutputError) {
        if stopRequested?() == true { return cancel() }
        guard !isFinished else { return }
        isFinished = true
        var failure: OutputError?
        do throws(OutputError) { try wav.finish() } catch { failure = error }
        try? input.fileHandleForWriting.close()
        if let limit {
            let deadline = Date(timeIntervalSinceNow: limit)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
                if let failure { throw playerFailure(failure) }
                return
            }
        }
        process.waitUntilExit()
        if process.terminationStatus != 0 || failure != nil { throw playerFailure(failure ?? .closedPipe) }
    }

    /// Stops the player at once (after Ctrl-C).
    public func cancel() {
        guard !isFinished else { return }
        isFinished = true
        // Signal first: a player that saw the end of its input first would
        // play out what it holds (pw-play takes a second to drain).
        if process.isRunning { process.terminate() }
        try? input.fileHandleForWriting.close()
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
    /// - Returns: the program's path and how to call it; nil when none is installed.
    static func choosePlayer(
        environment: [String: String],
        isExecutable: (String) -> Bool = { access($0, X_OK) == 0 },
        exists: (String) -> Bool = { access($0, F_OK) == 0 }
    ) -> (path: String, program: Program)? {
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        let pipeWire = environment["PIPEWIRE_REMOTE"] != nil || exists(runtime + "/pipewire-0")
        let pulse = environment["PULSE_SERVER"] != nil || exists(runtime + "/pulse/native")
        let preferred = pipeWire ? "pw-play" : pulse ? "paplay" : "aplay"
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        let ordered = programs.filter { $0.name == preferred } + programs.filter { $0.name != preferred }
        for program in ordered {
            for directory in directories where isExecutable(directory + "/" + program.name) {
                return (directory + "/" + program.name, program)
            }
        }
        return nil
    }
}
