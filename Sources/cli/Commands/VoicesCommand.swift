import Foundation
import Narrator

/// `narrate voices`: the voices espeak-ng offers.
struct VoicesCommand: Command {
    static let name = "voices"
    static let abstract = "List the voices narrate can speak with, optionally only those for a language."
    static let operandsUsage = "[LANG]"
    static let options: [OptionSpec] = []
    static let operandValues: OptionValues? = .voices
    static let discussion = """
        LANG is a language tag such as en, en-us or fr. Any name in the first two
        columns, or the voice's file name, can be given to narrate speak --voice.
        Without --voice, narrate picks the voice for each utterance's language, else
        the book's, else English.

        Examples:
          narrate voices
          narrate voices fr
        """

    var language: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.operands.count <= 1 else {
            throw UsageError("expected at most one LANG, found \(arguments.operands.count)")
        }
        language = arguments.operands.first
    }

    func run(_ context: CommandContext) throws {
        let engine: ESpeakEngine
        do { engine = try ESpeakEngine() } catch { throw Failure(nil, error.description) }
        let voices = VoiceCatalog(engine.voices()).voices(speaking: language)
        guard !voices.isEmpty else {
            throw Failure(nil, "no voice speaks '\(language ?? "")' (narrate voices lists them all)")
        }
        let rows = voices.map { voice in
            [voice.languages.first?.tag ?? "", voice.identifier, voice.name,
             voice.languages.dropFirst().map(\.tag).joined(separator: " ")]
        }
        context.print(Self.table([["LANGUAGE", "VOICE", "NAME", "ALSO"]] + rows))
    }

    /// Left-aligned columns two spaces apart.
    static func table(_ rows: [[String]]) -> String {
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
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
