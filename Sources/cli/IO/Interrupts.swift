import Dispatch
import Foundation

/// Handles Ctrl-C (SIGINT) and SIGTERM outside signal context, on a dispatch
/// queue, so the handler may take locks and finish files.
///
/// By default an interrupt removes temporary output files and exits with
/// status 130. A long-running command can install its own handler instead
/// (the narrator finishes the WAV it is writing).
enum Interrupts {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Installs `handler` for SIGINT and SIGTERM, replacing any earlier one.
    static func install(_ handler: @escaping @Sendable (Int32) -> Void = defaultHandler) {
        for source in sources { source.cancel() }
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
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
