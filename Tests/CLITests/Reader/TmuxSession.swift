import Foundation
import TestSupport

/// A program running in a detached tmux pane on a private tmux server, for
/// driving `narrate read` as a user would: send keys, read the screen.
final class TmuxSession {
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: tmuxPath) }
    private static let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/tmux"

    private let socket = "narrate-test-\(UUID().uuidString.prefix(8))"

    /// Starts `script` under `sh -c` in a pane of the given size.
    init(width: Int, height: Int, script: String) throws {
        try tmux(["new-session", "-d", "-s", "reader", "-x", String(width), "-y", String(height), "sh", "-c", script])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// The visible screen, with escape sequences for styles when asked.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "reader"] + (escapes ? ["-e"] : []))
    }

    /// Sends keys by tmux name (`Right`, `Space`, `q`).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "reader"] + keys)
    }

    /// Resizes the window, as a user dragging the terminal's corner.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "reader", "-x", String(width), "-y", String(height)])
    }

    /// A tmux format about the pane, such as `#{alternate_on}`.
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "reader", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen satisfies `condition`, for at most `limit`
    /// seconds, and returns it; `nil` when it never did.
    func waitFor(_ limit: Double = 15, escapes: Bool = false, _ condition: (String) -> Bool) throws -> String? {
        let deadline = Date().addingTimeInterval(limit)
        repeat {
            let text = try screen(escapes: escapes)
            if condition(text) { return text }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return nil
    }

    /// Waits for `text` to appear on the screen.
    func waitFor(_ text: String, limit: Double = 15) throws -> String? {
        try waitFor(limit) { $0.contains(text) }
    }

    /// Runs tmux (see ``ChildProcess`` for why not Foundation's Process).
    /// Output goes through a file: the server keeps any pipe open.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        do {
            return try ChildProcess.run(Self.tmuxPath, ["-L", socket, "-f", "/dev/null"] + arguments).output
        } catch { throw TmuxError(message: "\(error)") }
    }
}

struct TmuxError: Error, CustomStringConvertible {
    var description: String { message }
    var message: String
}
