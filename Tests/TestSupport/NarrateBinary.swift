import Foundation

/// What a run of the built `narrate` binary printed, and how it ended.
public struct NarrateRun: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: String

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs the built `narrate` binary as a user would: the one way every
/// end-to-end test starts it.
public enum NarrateBinary {
    /// The `narrate` executable beside the test bundle (`swift test` builds it).
    public static let executable: URL = {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let besideTests = URL(fileURLWithPath: testBinary).deletingLastPathComponent().appendingPathComponent("narrate")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return PackageFixtures.root.appendingPathComponent(".build/debug/narrate")
    }()

    /// Runs `narrate arguments…` (or another `program`) to its end. Standard output and error go to
    /// files, read once it has exited, so a full pipe can never block it.
    /// - Parameters:
    ///   - directory: the working directory; the test's own when nil.
    ///   - input: standard input; nothing (`/dev/null`) when nil.
    ///   - environment: the environment; the test's own when nil.
    public static func run(
        _ arguments: [String], program: URL = executable, in directory: URL? = nil, input: Data? = nil,
        environment: [String: String]? = nil
    ) throws -> NarrateRun {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: outURL), stderr = try FileHandle(forWritingTo: errURL)
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            // A child that exits before reading all of its input must not
            // end the test process with SIGPIPE: the write just fails.
            signal(SIGPIPE, SIG_IGN)
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        try stdout.close()
        try stderr.close()
        return NarrateRun(
            status: process.terminationStatus, stdout: try Data(contentsOf: outURL),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
