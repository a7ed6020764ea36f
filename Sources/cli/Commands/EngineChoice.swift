import Rendering
import BookModel
import Foundation
import Narrator

/// `--engine` and `--voices-dir` (the engines are opened by
/// ``SpeechEngines``).
enum EngineChoice {
    static let engineOption = OptionSpec(
        "engine", value: "NAME", values: .choices(EngineKind.self),
        help: "Prefer this engine's voices: espeak (default) or piper, a neural voice installed with narrate voices install.")
    static let voicesDirectoryOption = OptionSpec(
        "voices-dir", value: "DIR", help: "Look for Piper voices here (default: $XDG_DATA_HOME/narrate/voices).")

    static func kind(_ arguments: ParsedArguments) throws(UsageError) -> EngineKind {
        try arguments.choice("engine", as: EngineKind.self) ?? .espeak
    }
}
