import Dispatch
import Foundation
import Synchronization

/// Handles Ctrl-C (SIGINT) and SIGTERM outside signal context, on a dispatch
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
        sources = [SIGINT, SIGTERM].map { number in
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
