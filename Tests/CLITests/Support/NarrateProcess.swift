import Foundation

/// Runs the built `narrate` binary, as a user would, and captures what it
/// prints.
struct NarrateRun {
    var status: Int32
    var stdout: Data
    var stderr: String

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

enum NarrateProcess {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `narrate` executable beside the test bundle (swift test builds it).
    static let executable: URL = {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("narrate")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/narrate")
    }()

    static func fixture(_ relativePath: String) -> String {
        packageRoot.appendingPathComponent("fixtures").appendingPathComponent(relativePath).path
    }

    /// Runs `narrate arguments…` in `directory` with `input` on standard input.
    static func run(_ arguments: [String], in directory: URL? = nil, input: Data? = nil) throws -> NarrateRun {
        try run(program: executable, arguments, in: directory, input: input)
    }

    /// Runs `program arguments…` (another program than narrate: a shell, a
    /// script, an installed narrate) in `directory`, with `environment` in
    /// place of the test's when given.
    static func run(
        program: URL, _ arguments: [String], in directory: URL? = nil, input: Data? = nil,
        environment: [String: String]? = nil
    ) throws -> NarrateRun {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        // Output goes to files, so a full pipe can never block the child.
        let scratch = try temporaryDirectory()
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
            stdin.fileHandleForWriting.write(input)
            try stdin.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        try stdout.close()
        try stderr.close()
        return NarrateRun(
            status: process.terminationStatus, stdout: try Data(contentsOf: outURL),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A new empty directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
