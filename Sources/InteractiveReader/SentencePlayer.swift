import Foundation
import Narrator

/// Plays the reader's sentences one after another on the sound device, with
/// the narrator's ``SoundDevicePlayer``, on a thread of its own.
///
/// A sentence queued while another plays follows it without a gap. ``stop()``
/// drops what is queued and kills the player program, which silences it at
/// once (the audio already in the pipe dies with it), then waits for the
/// player thread to let go of it. The next sentence starts a new player.
public final class SentencePlayer: @unchecked Sendable {
    private let sampleRate: Int
    private let environment: [String: String]
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var queue: [(samples: [Int16], generation: Int)] = []
    private var generation = 0
    private var failure: OutputError?
    private var started = false
    /// The player program running, if any.
    private var current: SoundDevicePlayer?

    /// The longest ``stop()`` waits for the player thread (it returns as
    /// soon as the player is gone; the bound only guards against one that
    /// hangs). 2 s by default: at 0.5 s, a player's shell on a machine
    /// loaded with two fuzzers and a build had not yet run its exit when
    /// stop() returned.
    let stopWait: TimeInterval

    /// - Parameters:
    ///   - sampleRate: of the samples to play.
    ///   - environment: for `NARRATE_PLAYER` and `PATH` (see ``SoundDevicePlayer``).
    ///   - stopWait: the longest ``stop()`` waits for the player to go.
    public init(
        sampleRate: Int, environment: [String: String] = ProcessInfo.processInfo.environment, stopWait: TimeInterval = 2
    ) {
        self.sampleRate = sampleRate
        self.environment = environment
        self.stopWait = stopWait
    }

    /// Plays a twentieth of a second of silence to check that a player starts
    /// and finds a device: one that has not failed within half a second
    /// has (a player without a device fails at once).
    /// - Throws: ``OutputError/noSoundDevice(_:)`` with the player's reason.
    public static func probe(sampleRate: Int, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(OutputError)
    {
        let player = try SoundDevicePlayer(sampleRate: sampleRate, environment: environment)
        try player.writeSilence(count: sampleRate / 20)
        try player.finish(waitingAtMost: 0.5)
    }

    /// Queues samples after those playing.
    /// - Throws: the error that stopped an earlier sentence's playing.
    public func play(_ samples: [Int16]) throws(OutputError) {
        condition.lock()
        defer { condition.unlock() }
        if let failure {
            self.failure = nil
            throw failure
        }
        queue.append((samples, generation))
        if !started {
            started = true
            Thread.detachNewThread { [self] in run() }
        }
        condition.broadcast()
    }

    /// Drops what is queued and returns once the player program is gone
    /// (or after `stopWait`, should the player thread be slow to notice).
    public func stop() {
        condition.lock()
        defer { condition.unlock() }
        generation += 1
        queue.removeAll()
        current?.terminate()
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: stopWait)
        while current != nil, condition.wait(until: deadline) {}
    }

    private func setCurrent(_ player: SoundDevicePlayer?) {
        condition.lock()
        defer { condition.unlock() }
        current = player
        condition.broadcast()
    }

    private var currentGeneration: Int {
        condition.lock()
        defer { condition.unlock() }
        return generation
    }

    /// The player thread: takes sentences in order and writes them in
    /// chunks, ending the player whenever ``stop()`` moved the generation on.
    private func run() {
        var player: SoundDevicePlayer?
        var playerGeneration = -1
        while true {
            condition.lock()
            while queue.isEmpty && (player == nil || generation == playerGeneration) { condition.wait() }
            guard player == nil || generation == playerGeneration else {
                condition.unlock()
                player?.cancel()
                player = nil
                setCurrent(nil)
                continue
            }
            let next = queue.removeFirst()
            condition.unlock()
            do throws(OutputError) {
                if player == nil {
                    player = try startPlayer()
                    playerGeneration = next.generation
                    setCurrent(player)
                }
                if let player, try !write(next.samples, to: player, generation: next.generation) {
                    continue  // stopped: the loop ends the player
                }
            } catch {
                player?.cancel()
                player = nil
                condition.lock()
                if generation == next.generation { failure = error }
                current = nil
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// Starts a player program with no signals blocked: a child inherits
    /// the signal mask of the thread that starts it, and one that blocked
    /// SIGTERM would play on after ``stop()`` until its input ran dry.
    private func startPlayer() throws(OutputError) -> SoundDevicePlayer {
        var none = sigset_t(), saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        return try SoundDevicePlayer(sampleRate: sampleRate, environment: environment)
    }

    /// Writes samples in 50 ms chunks; returns false as soon as a stop is
    /// seen.
    private func write(_ samples: [Int16], to player: SoundDevicePlayer, generation: Int) throws(OutputError) -> Bool {
        let chunk = max(1, sampleRate / 20)
        var offset = 0
        while offset < samples.count {
            guard currentGeneration == generation else { return false }
            let end = min(samples.count, offset + chunk)
            try samples[offset..<end].withUnsafeBufferPointer { (buffer) throws(OutputError) in try player.write(buffer) }
            try player.flush()
            offset = end
        }
        return true
    }
}
