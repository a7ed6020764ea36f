import Rendering
import BookFiles
import Foundation
import Importers
import Narrator

/// What `narrate --version` prints: narrate's version, then the version of
/// each library it uses as loaded at run time, then ffmpeg's when it is on
/// the `PATH`; sherpa-onnx's when its runtime for Piper voices is installed.
///
/// libespeak-ng is loaded here only because the version was asked for;
/// other commands that do not speak still never load it.
enum VersionReport {
    /// The report, one `NAME VERSION` per line.
    static func text(environment: [String: String]) -> String {
        var lines = ["narrate \(Narrate.version)"]
        lines += LinkedLibraries.versions.map { "\($0.name) \($0.version)" }
        lines.append(espeakLine())
        let piper = PiperRuntime.installed
        if let sherpa = piper.version() { lines.append("sherpa-onnx \(sherpa) (Piper voices; \(piper.root))") }
        if let ffmpeg = executable(named: "ffmpeg", path: environment["PATH"]), let version = ffmpegVersion(ffmpeg) {
            lines.append("ffmpeg \(version) (\(ffmpeg))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `espeak-ng 1.51`, or why it cannot be loaded.
    private static func espeakLine() -> String {
        do { return "espeak-ng \(try ESpeakEngine.libraryVersion())" } catch {
            return "espeak-ng not available: \(error)"
        }
    }

    /// The first executable file called `name` in the `PATH` directories.
    static func executable(named name: String, path: String?) -> String? {
        let directories = (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return directories.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The version word of `ffmpeg -version`'s first line
    /// (`ffmpeg version 5.1.6-0+deb12u1 Copyright …`); nil when it does not run.
    private static func ffmpegVersion(_ program: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let words = String(decoding: data, as: UTF8.self).prefix { $0 != "\n" }.split(separator: " ")
        guard words.count >= 3, words[0] == "ffmpeg", words[1] == "version" else { return nil }
        return String(words[2])
    }
}
