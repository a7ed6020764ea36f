import Foundation
import Narrator
import Rendering

/// The options that say how a book is spoken (voice, rate, pitch, volume,
/// pages), shared by `narrate speak` and its render workers.
enum NarrationArguments {
    static let options: [OptionSpec] = [
        OptionSpec("voice", value: "NAME", values: .voices, help: "Speak every utterance with this voice (see narrate voices)."),
        dialogueVoiceOption,
        voiceMapOption,
        EngineChoice.engineOption,
        EngineChoice.voicesDirectoryOption,
        OptionSpec("rate", value: "X", help: "Multiply the speaking speed by X (0.25 to 4; default 1)."),
        OptionSpec("pitch", value: "X", help: "Multiply the pitch by X (0.5 to 2; default 1)."),
        OptionSpec("volume", value: "X", help: "Multiply the volume by X (0 to 2; default 1)."),
        OptionSpec("pages", value: "A-B", help: "Read only these pages (1-based): 3, 3-5, or 3- (to the end)."),
        OptionSpec("from", value: "PAGE[:N]", help: "Start at this page (1-based), at its Nth utterance."),
    ]

    /// `--dialogue-voice`, which `narrate read` takes too.
    static let dialogueVoiceOption = OptionSpec(
        "dialogue-voice", value: "NAME", values: .voices,
        help: "Speak quoted speech with this voice; narration and speech tags (\"said Holmes\") keep the main one.")

    /// `--voice-map`, which `narrate read` takes too.
    static let voiceMapOption = OptionSpec(
        "voice-map", value: "FILE", values: .files(extensions: ["map", "txt"]),
        help: "Voices for chapters and for speakers named by speech tags: lines 'chapter 3 = VOICE', "
            + "'chapter TITLE = VOICE', 'speaker Holmes = VOICE' (see docs/voices.md).")

    /// `--voice-map FILE` read and parsed; nil without it.
    static func voiceMap(_ arguments: ParsedArguments) throws(UsageError) -> VoiceMap? {
        guard let path = arguments.value("voice-map") else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("--voice-map: cannot read '\(path)'")
        }
        do throws(VoiceMapError) { return try VoiceMap(text: String(decoding: data, as: UTF8.self)) } catch {
            throw UsageError("--voice-map: \(path):\(error)")
        }
    }

    /// The options as parsed and checked.
    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> NarrationOptions {
        var options = NarrationOptions()
        options.voice = arguments.value("voice")
        options.dialogueVoice = arguments.value("dialogue-voice")
        options.voiceMap = try voiceMap(arguments)
        options.engine = try EngineChoice.kind(arguments)
        options.voicesDirectory = arguments.value("voices-dir")
        options.mapping = ProsodyMapping(
            rateScale: try arguments.number("rate", in: 0.25...4) ?? 1,
            pitchScale: try arguments.number("pitch", in: 0.5...2) ?? 1,
            volumeScale: try arguments.number("volume", in: 0...2) ?? 1)
        options.start = try arguments.value("from").map { (text) throws(UsageError) in try startPosition(text) }
        if let text = arguments.value("pages") {
            if let first = openPageRange(text) {
                // To the end of the book: where --from starts, in every output alike.
                guard options.start == nil else { throw UsageError("--pages \(text) and --from both say where to start; give one of them") }
                options.start = UtterancePosition(page: first - 1, utterance: 0)
            } else {
                options.pages = try pageRange(text)
            }
        }
        return options
    }

    /// The first page of `3-` (to the end of the book), 1-based; nil for anything else.
    static func openPageRange(_ text: String) -> Int? {
        guard text.hasSuffix("-"), let first = Int(text.dropLast()), first >= 1 else { return nil }
        return first
    }

    /// `3` or `3-5`, 1-based.
    static func pageRange(_ text: String) throws(UsageError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let first = parts[0], let last = parts[parts.count - 1],
            first >= 1, last >= first
        else { throw UsageError("--pages: expected PAGE, FIRST-LAST or FIRST-, whole numbers from 1, found '\(text)'") }
        return first...last
    }

    /// `PAGE` or `PAGE:N`, 1-based, as a 0-based position.
    static func startPosition(_ text: String) throws(UsageError) -> UtterancePosition {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let page = parts[0], page >= 1 else {
            throw UsageError("--from: expected PAGE or PAGE:UTTERANCE, whole numbers from 1, found '\(text)'")
        }
        let utterance = parts.count == 2 ? parts[1] : 1
        guard let utterance, utterance >= 1 else {
            throw UsageError("--from: expected PAGE or PAGE:UTTERANCE, whole numbers from 1, found '\(text)'")
        }
        return UtterancePosition(page: page - 1, utterance: utterance - 1)
    }
}
