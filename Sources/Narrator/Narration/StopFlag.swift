import Glibc
import Synchronization

/// A flag that a signal handler or another thread sets to stop a narration;
/// pass `{ flag.isSet }` as the narrator's `shouldStop`.
public final class StopFlag: Sendable {
    private let value = Atomic(false)

    public init() {}

    /// Asks the narration to stop.
    public func set() { value.store(true, ordering: .relaxed) }

    /// Whether a stop was asked for.
    public var isSet: Bool { value.load(ordering: .relaxed) }

    /// Clears the flag for the next narration.
    public func reset() { value.store(false, ordering: .relaxed) }
}

extension StopFlag {
    /// The flag that Ctrl-C (SIGINT) and SIGTERM set once
    /// ``catchInterrupts()`` has been called.
    public static let interrupt = StopFlag()

    /// Makes SIGINT and SIGTERM set ``interrupt`` instead of ending the
    /// process, so a narration can stop cleanly and finish its files; a
    /// second signal ends the process at once (status 128 + signal).
    ///
    /// Uses a plain signal handler and unblocks both signals on the calling
    /// thread: a signal that is ignored or blocked in every thread (as a
    /// process started by some tools inherits it) would otherwise be lost.
    public static func catchInterrupts() {
        _ = interrupt.isSet
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if StopFlag.interrupt.isSet { _exit(128 + number) }
                StopFlag.interrupt.set()
            }
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
