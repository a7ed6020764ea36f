import Foundation
import TestSupport

/// The built `narrate` binary with its arguments and environment: run to
/// its end, or started for tests that signal or read it while it runs.
struct NarrateProcess {
    var arguments: [String]
    var environment: [String: String] = ProcessInfo.processInfo.environment

    typealias Outcome = NarrateRun

    static var executable: URL { NarrateBinary.executable }

    func start() throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// Runs it to its end (see ``NarrateBinary/run(_:in:input:environment:)``).
    func run() throws -> Outcome {
        try NarrateBinary.run(arguments, environment: environment)
    }
}

/// A scratch directory removed at the end of a test.
final class ScratchDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "narrate-speak-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes a narrated-book plist with one utterance per word of each page.
    func perWordPlist(_ name: String, pages: [String], delays: [Int: Double] = [:]) throws -> String {
        var body = ""
        var index = 0
        for page in pages {
            body += "<dict><key>utterances</key><array>"
            let words = page.split(separator: " ")
            for (offset, word) in words.enumerated() {
                let text = word + (offset == words.count - 1 ? "" : " ")
                let properties = delays[index].map {
                    "<key>utteranceProperties</key><dict><key>preUtteranceDelay</key><real>\($0)</real></dict>"
                } ?? ""
                body += "<dict><key>utteranceString</key><string>\(text.xmlEscaped)</string>\(properties)</dict>"
                index += 1
            }
            body += "</array></dict>"
        }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>bookPages</key><array>\(body)</array></dict></plist>
            """
        let path = file(name)
        try plist.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// `sox --info -D`: the duration sox reads from a WAV file, or nil when sox
/// cannot read it.
func soxDuration(_ path: String) -> Double? {
    guard let text = sox(["--info", "-D", path])?.output else { return nil }
    return Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
}

/// sox's RMS level in dB (`stats`) of a WAV file from `from` to `to`
/// seconds; nil when sox cannot read it.
func soxRMSLevel(_ path: String, from: Double, to: Double) -> Double? {
    let arguments = [path, "-n", "trim", String(format: "%.3f", from), String(format: "=%.3f", to), "stats"]
    guard let errors = sox(arguments)?.errors,
        let line = errors.split(separator: "\n").first(where: { $0.hasPrefix("RMS lev dB") }),
        let value = line.split(separator: " ").last
    else { return nil }
    return value == "-inf" ? -.infinity : Double(value)
}

/// Runs sox with `arguments`: what it printed, or nil when it failed.
private func sox(_ arguments: [String]) -> (output: String, errors: String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    guard (try? process.run()) != nil else { return nil }
    // sox prints little: reading one pipe to its end cannot block on the other.
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? (output, errors) : nil
}

extension StringProtocol {
    var xmlEscaped: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
