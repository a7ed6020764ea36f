import Rendering
import Foundation
import Synchronization

/// The controlling terminal in the reader's raw, full-screen mode.
///
/// ``enter()`` switches off echo, line editing and signal keys, and shows
/// the alternate screen; ``restore()`` puts everything back. Restoring is
/// guaranteed: the caller defers ``restore()``, SIGTERM, SIGINT and SIGHUP ask
/// the loop to quit (``quitSignal``), and crash signals restore the terminal
/// from the signal handler before the default action runs.
final class Terminal {
    private var original = termios()
    private var isRaw = false

    /// The signal (SIGTERM, SIGINT, SIGHUP) that asked the loop to save and
    /// quit; 0 when none did.
    static let quitSignal = Atomic<Int32>(0)
    /// Set by SIGWINCH: the screen should be redrawn.
    static let resized = Atomic(false)

    /// Takes the terminal; fails when standard input or output is not one.
    init() throws(Failure) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw Failure(nil, "read needs a terminal")
        }
    }

    /// Raw mode, alternate screen, hidden cursor.
    func enter() {
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        TerminalRescue.arm(original: original)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        isRaw = true
        write(TerminalRescue.enterSequence)
        Self.installSignalHandlers()
    }

    /// Leaves the alternate screen, shows the cursor, restores the original
    /// modes. Safe to call more than once.
    func restore() {
        guard isRaw else { return }
        isRaw = false
        write(TerminalRescue.leaveSequence)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        TerminalRescue.disarm()
    }

    /// Columns and rows; 80×24 when the terminal does not say.
    func size() -> (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Writes text to the terminal, all of it.
    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Waits up to `timeout` seconds for input and returns what arrived
    /// (empty on timeout or when a signal interrupted the wait).
    func read(timeout: Double) -> [UInt8] {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(0, min(timeout, 1)) * 1000))
        guard ready > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
        let hungUp = descriptor.revents & Int16(POLLHUP | POLLERR) != 0
        if (count == 0 && hungUp) || (count < 0 && errno != EINTR && errno != EAGAIN) { return [3] }  // input gone: quit
        return count > 0 ? Array(buffer[..<count]) : []
    }

    /// SIGINT and SIGTERM (through ``Interrupts``, replacing its handler that
    /// would exit without restoring the terminal) and SIGHUP set
    /// ``quitSignal``; SIGWINCH sets ``resized``; crash signals restore the
    /// terminal.
    private static func installSignalHandlers() {
        Interrupts.install { number in Terminal.quitSignal.store(number, ordering: .relaxed) }
        var hangUp = sigaction()
        hangUp.__sigaction_handler.sa_handler = { number in Terminal.quitSignal.store(number, ordering: .relaxed) }
        sigaction(SIGHUP, &hangUp, nil)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Terminal.resized.store(true, ordering: .relaxed) }
        sigaction(SIGWINCH, &action, nil)
        TerminalRescue.installCrashHandlers()
    }
}

/// What a crash handler needs to restore the terminal, kept where a signal
/// handler can reach it with async-signal-safe calls only (`write`,
/// `tcsetattr`, `sigaction`).
enum TerminalRescue {
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    nonisolated(unsafe) private static var original = termios()
    nonisolated(unsafe) private static var armed = false
    /// The handlers replaced, indexed by signal number (fixed storage: no
    /// allocation in the handler).
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    private static let leaveBytes: [UInt8] = Array(leaveSequence.utf8)
    private static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT]

    static func arm(original modes: termios) {
        original = modes
        armed = true
    }

    static func disarm() { armed = false }

    /// On a crash signal: restore the terminal, then let the signal run its
    /// course. A fault (segmentation fault, Swift's trap) goes back to the
    /// previous handler, Swift's backtracer, when the faulting instruction
    /// runs again; a signal sent with kill(2) or raise(3) would not come
    /// again, so it is raised anew with the default action.
    static func installCrashHandlers() {
        for number in crashSignals {
            var action = sigaction()
            action.sa_flags = SA_SIGINFO
            action.__sigaction_handler.sa_sigaction = { number, info, _ in
                TerminalRescue.rescue(number, sent: (info?.pointee.si_code ?? 0) <= 0)
            }
            var old = sigaction()
            sigaction(number, &action, &old)
            previous[Int(number)] = old
        }
    }

    private static func rescue(_ number: Int32, sent: Bool) {
        if armed {
            armed = false
            _ = leaveBytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            tcsetattr(STDIN_FILENO, TCSANOW, &original)
        }
        if sent {
            signal(number, SIG_DFL)
            raise(number)
        } else {
            sigaction(number, previous + Int(number), nil)
        }
    }
}
