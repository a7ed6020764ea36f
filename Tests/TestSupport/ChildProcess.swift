import Foundation

/// A program started with posix_spawn and reaped with waitpid, for tests
/// that drive servers and their clients (tmux, PulseAudio). Foundation's
/// Process can miss the exit of a client that talks to a server it started,
/// and passes on the test runner's blocked signals; here the child starts
/// with every signal unblocked and at its default.
public struct ChildProcess {
    public let pid: pid_t
    /// Whether the program leads a process group of its own, which
    /// ``signal(_:)`` then signals whole (the program and what it started).
    public let leadsGroup: Bool

    /// Starts `program` with `arguments`; standard input is /dev/null,
    /// standard output goes to `outputPath` (or /dev/null), standard error
    /// to /dev/null.
    public init(_ program: String, _ arguments: [String], environment: [String: String]? = nil,
        outputPath: String? = nil, leadsGroup: Bool = false) throws
    {
        self.leadsGroup = leadsGroup
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        let groupFlag = leadsGroup ? POSIX_SPAWN_SETPGROUP : 0
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | groupFlag))
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid = pid_t()
        let status = envp.map { posix_spawn(&pid, program, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        guard status == 0 else { throw ChildProcessError("cannot start \(program): \(String(cString: strerror(status)))") }
        self.pid = pid
    }

    /// Runs `program` to its end and returns its standard output and exit status.
    public static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil)
        throws -> (output: String, status: Int32)
    {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        let child = try ChildProcess(program, arguments, environment: environment, outputPath: outputPath)
        let status = child.wait()
        return ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "", status)
    }

    /// Sends a signal to the program, or to its whole group when it leads one.
    public func signal(_ number: Int32) { kill(leadsGroup ? -pid : pid, number) }

    /// Waits at most `seconds` for the program to end: its status as
    /// ``wait()`` gives it, or nil (the program still running) after that.
    public func wait(atMost seconds: Double) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return Self.exitStatus(status) }
            if result < 0 && errno != EINTR { return -1 }
            usleep(20_000)
        }
        return nil
    }

    /// Waits for the program to end; its exit status, or 128 + the signal
    /// that ended it.
    @discardableResult
    public func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Self.exitStatus(status)
    }

    /// A waitpid status as a shell gives it: the exit code, or 128 + the signal.
    private static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
