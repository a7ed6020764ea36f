import Foundation

/// EPUBCheck 4 (`scripts/setup --tests` installs it), run in one JVM kept
/// for the whole test run: `scripts/epubcheck-folder.java --serve` checks
/// each book path written to it. A JVM's start with EPUBCheck's schemas
/// costs 6–10 s of CPU, which for ~30 books was a fifth of the suite's.
public enum EPUBCheck {
    public static let jar = "/usr/share/java/epubcheck.jar"
    public static let isAvailable = FileManager.default.fileExists(atPath: jar)

    /// What EPUBCheck found in one book.
    public struct Report: Sendable {
        public var errors: Int
        public var warnings: Int
        public var fatal: Int
        /// EPUBCheck's messages about the book.
        public var output: String
        /// No error, warning or fatal error reported.
        public var isClean: Bool { errors == 0 && warnings == 0 && fatal == 0 }
    }

    /// Checks the EPUB at `book` (books are checked one at a time).
    public static func run(_ book: String) throws -> Report {
        try server.check(book)
    }

    private static let server = EPUBCheckServer()
}

/// The JVM that checks the books, started on first use and again if it
/// ended; a lock keeps one request at a time on its pipes.
private final class EPUBCheckServer: @unchecked Sendable {  // state behind `lock`
    private let lock = NSLock()
    private var process: Process?
    private var requests: FileHandle?
    private var answers: FileHandle?

    func check(_ book: String) throws -> EPUBCheck.Report {
        lock.lock()
        defer { lock.unlock() }
        guard !book.contains("\n") else { throw ChildProcessError("EPUBCheck: a path with a line break: \(book)") }
        let (requests, answers) = try running()
        try requests.write(contentsOf: Data((book + "\n").utf8))
        var received = Data()
        while true {
            let chunk = answers.availableData
            guard !chunk.isEmpty else {
                process = nil
                throw ChildProcessError("EPUBCheck ended while checking \(book): \(String(decoding: received, as: UTF8.self))")
            }
            received.append(chunk)
            if let report = Self.report(in: received) { return report }
        }
    }

    /// The report once `received` ends with the summary line
    /// "epubcheck-folder: E errors, W warnings, F fatal".
    private static func report(in received: Data) -> EPUBCheck.Report? {
        guard received.last == UInt8(ascii: "\n") else { return nil }
        let text = String(decoding: received, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard let last = lines.last, last.hasPrefix("epubcheck-folder: "), last.hasSuffix(" fatal") else { return nil }
        let counts = last.split(separator: " ").compactMap { Int($0) }
        guard counts.count == 3 else { return nil }
        lines.removeLast()
        return EPUBCheck.Report(errors: counts[0], warnings: counts[1], fatal: counts[2], output: lines.joined(separator: "\n"))
    }

    private func running() throws -> (FileHandle, FileHandle) {
        if let process, process.isRunning, let requests, let answers { return (requests, answers) }
        let java = Process()
        java.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // C1 alone and the serial collector: a checker that runs for minutes
        // in short bursts gains nothing from C2's compiling or parallel GC.
        java.arguments = ["java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", EPUBCheck.jar,
            PackageFixtures.root.appendingPathComponent("scripts/epubcheck-folder.java").path, "--serve"]
        let input = Pipe(), output = Pipe()
        java.standardInput = input
        java.standardOutput = output
        java.standardError = FileHandle.nullDevice
        try java.run()
        process = java
        requests = input.fileHandleForWriting
        answers = output.fileHandleForReading
        return (input.fileHandleForWriting, output.fileHandleForReading)
    }
}
