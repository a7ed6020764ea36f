import Foundation

/// A Piper voice prepared by `narrate voices install`: a folder named for
/// the voice holding `model.onnx` (the model with sherpa-onnx's metadata and
/// the phoneme durations as a second part of its output), `tokens.txt` and
/// `voice.json` (Piper's own configuration).
public struct PiperVoice: Hashable, Sendable {
    /// The voice's name, as Piper names it: `en_US-joe-medium`.
    public var name: String
    /// The folder holding its files.
    public var folder: String
    /// Lower-case BCP 47 tag: `en-us`.
    public var language: String
    /// The espeak-ng voice whose phonemes it was trained on: `en-us`.
    public var espeakVoice: String
    /// Samples per second of its audio.
    public var sampleRate: Int
    /// Piper's noise scale (0.667), noise width (0.8) and length scale (1).
    public var noiseScale: Float
    public var noiseWidth: Float
    public var lengthScale: Float

    /// The identifier `--voice` takes: `piper:en_US-joe-medium`.
    public var identifier: String { PiperVoice.prefix + name }
    public static let prefix = "piper:"

    public var modelPath: String { folder + "/model.onnx" }
    public var tokensPath: String { folder + "/tokens.txt" }

    /// Reads the voice in `folder`; nil when it is not a prepared voice.
    public init?(folder: String) {
        let files = FileManager.default
        guard files.fileExists(atPath: folder + "/model.onnx"), files.fileExists(atPath: folder + "/tokens.txt"),
            let data = files.contents(atPath: folder + "/voice.json"),
            let config = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        self.folder = folder
        name = String(folder.split(separator: "/").last ?? "")
        let language = config["language"] as? [String: Any]
        self.language = ((language?["code"] as? String) ?? "en_US").lowercased().replacingOccurrences(of: "_", with: "-")
        espeakVoice = ((config["espeak"] as? [String: Any])?["voice"] as? String) ?? "en-us"
        sampleRate = ((config["audio"] as? [String: Any])?["sample_rate"] as? Int) ?? 22050
        let inference = config["inference"] as? [String: Any]
        noiseScale = Float((inference?["noise_scale"] as? Double) ?? 0.667)
        noiseWidth = Float((inference?["noise_w"] as? Double) ?? 0.8)
        lengthScale = Float((inference?["length_scale"] as? Double) ?? 1)
    }

    /// The phoneme symbols the voice knows, from `tokens.txt` (`symbol id`
    /// per line; the symbol may be a space).
    func tokens() -> Set<Unicode.Scalar> {
        guard let text = try? String(contentsOfFile: tokensPath, encoding: .utf8) else { return [] }
        var symbols = Set<Unicode.Scalar>()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let space = line.lastIndex(of: " ") else { continue }
            let symbol = line[..<space].unicodeScalars
            if symbol.count == 1, let scalar = symbol.first { symbols.insert(scalar) }
        }
        return symbols
    }
}

/// The folder of installed Piper voices.
public struct PiperVoiceDirectory: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_DATA_HOME/narrate/voices`, else `~/.local/share/narrate/voices`.
    public static var standard: PiperVoiceDirectory {
        let environment = ProcessInfo.processInfo.environment
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return PiperVoiceDirectory(path: data + "/narrate/voices")
    }

    /// The prepared voices in it, by name.
    public func voices() -> [PiperVoice] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().compactMap { PiperVoice(folder: path + "/" + $0) }
    }
}
