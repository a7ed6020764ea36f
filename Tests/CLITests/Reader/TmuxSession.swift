import Foundation

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

    /// Runs tmux with posix_spawn and waitpid rather than Foundation's
    /// Process, whose exit monitoring can miss a client that forked a server,
    /// and with signals unblocked and at their defaults, so that the server
    /// and the reader under it do not inherit the test runner's blocked
    /// signals. Output goes through a file: the server keeps any pipe open.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([Self.tmuxPath, "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, Self.tmuxPath, &actions, &attributes, argv, environ)
        guard status == 0 else { throw TmuxError(message: "cannot start tmux: \(String(cString: strerror(status)))") }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

struct TmuxError: Error, CustomStringConvertible {
    var description: String { message }
    var message: String
}
