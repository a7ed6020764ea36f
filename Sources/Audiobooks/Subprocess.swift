import Glibc

/// A program started with `posix_spawn`, its standard streams connected to
/// descriptors the caller chose, reaped with `waitpid`. The child starts
/// with every signal unblocked and at its default, whatever the parent does
/// with Ctrl-C. The one way this module starts programs.
final class Subprocess {
    let pid: pid_t
    /// The program's name, for messages.
    let name: String
    private(set) var exitStatus: Int32?

    /// Starts `path` with `arguments`.
    /// - Parameters:
    ///   - standardInput, standardOutput, standardError: descriptors the child
    ///     gets as 0, 1 and 2 (the parent keeps its own copies open).
    ///   - closeInChild: descriptors of the parent the child must not inherit
    ///     (the other end of its pipes).
    /// - Throws: ``AudiobookError/toolFailed(program:message:)`` when it cannot start.
    init(_ path: String, _ arguments: [String], standardInput: Int32, standardOutput: Int32, standardError: Int32,
        closeInChild: [Int32] = []) throws(AudiobookError)
    {
        name = path.split(separator: "/").last.map(String.init) ?? path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in closeInChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let status = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw .toolFailed(program: name, message: "cannot start \(path): \(String(cString: strerror(status)))")
        }
        pid = child
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
    }

    /// Whether it has ended (reaping it if so), without waiting.
    var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result < 0 && errno != EINTR }
        exitStatus = Self.decode(status)
        return true
    }

    /// Waits for it to end: its exit status, or 128 + the signal that ended it.
    @discardableResult
    func wait() -> Int32 {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                exitStatus = -1
                return -1
            }
        }
        let decoded = Self.decode(status)
        exitStatus = decoded
        return decoded
    }

    /// Asks it to stop (SIGTERM) unless it has ended.
    func terminate() {
        if !hasExited { kill(pid, SIGTERM) }
    }

    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
