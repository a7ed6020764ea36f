import Foundation
import TestSupport

enum NarrateProcess {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ relativePath: String) -> String {
        packageRoot.appendingPathComponent("fixtures").appendingPathComponent(relativePath).path
    }

    /// Runs `narrate arguments…` in `directory` with `input` on standard input.
    static func run(_ arguments: [String], in directory: URL? = nil, input: Data? = nil) throws -> NarrateRun {
        try NarrateBinary.run(arguments, in: directory, input: input)
    }

    /// Runs narrate with `environment` added to the test's.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String]) throws -> NarrateRun {
        try NarrateBinary.run(
            arguments, in: directory, input: nil, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    /// Runs `program arguments…` (another program than narrate: a shell, a
    /// script, an installed narrate) in `directory`, with `environment` in
    /// place of the test's when given.
    static func run(
        program: URL, _ arguments: [String], in directory: URL? = nil, input: Data? = nil,
        environment: [String: String]? = nil
    ) throws -> NarrateRun {
        try NarrateBinary.run(arguments, program: program, in: directory, input: input, environment: environment)
    }

    /// A new empty directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
