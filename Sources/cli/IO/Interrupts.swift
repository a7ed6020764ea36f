import Rendering
import Dispatch
import Foundation
import Narrator
import Synchronization

/// Handles Ctrl-C (SIGINT), SIGTERM and SIGHUP (the terminal closed)
/// outside signal context, on a dispatch
/// queue, so the handler may take locks and finish files.
///
/// By default an interrupt removes temporary output files and exits with
/// status 130. A long-running command can install its own handler instead
/// (the narrator finishes the WAV it is writing).
enum Interrupts {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let handler = Mutex<@Sendable (Int32) -> Void>(defaultHandler)

    /// Installs `handler` for SIGINT and SIGTERM, replacing any earlier one.
    /// The signal sources are made once: on Linux, cancelling them and making
    /// new ones for the same signals leaves the signals ignored.
    static func install(_ newHandler: @escaping @Sendable (Int32) -> Void = defaultHandler) {
        handler.withLock { $0 = newHandler }
        guard sources.isEmpty else { return }
        sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { Interrupts.handler.withLock { $0 }(number) }
            source.resume()
            return source
        }
    }

    /// Removes temporary files and exits with 128 + the signal number.
    @Sendable static func defaultHandler(_ number: Int32) {
        TemporaryFiles.shared.removeAll()
        exit(128 + number)
    }
}

extension Interrupts {
    /// The flag Ctrl-C (SIGINT) and SIGTERM set once ``catchIntoFlag()`` has
    /// been called; a narration polls it as its `shouldStop`.
    static let stop = StopFlag()

    /// Makes SIGINT and SIGTERM set ``stop`` instead of ending the process,
    /// so a narration can stop cleanly and finish its files; a second signal
    /// ends the process at once (status 128 + signal).
    ///
    /// Both routes set the flag: the dispatch sources of ``install(_:)`` see
    /// signals that arrive blocked, a plain signal handler those that arrive
    /// unblocked on this thread (a signal that is ignored or blocked in every
    /// thread, as a process started by some tools inherits it, would
    /// otherwise be lost).
    static func catchIntoFlag() {
        install { _ in Interrupts.stop.set() }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if Interrupts.stop.isSet { _exit(128 + number) }
                Interrupts.stop.set()
            }
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Makes writes to a pipe whose reader has gone (a sound player that
    /// died) fail with an error instead of ending the process.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
