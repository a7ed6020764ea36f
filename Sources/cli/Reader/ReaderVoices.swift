import Rendering
import BookModel
import InteractiveReader
import Narrator

/// Chooses the reader's voice: silent with `--mute`; otherwise espeak-ng on
/// the sound device, or silent with a notice when there is no engine or no
/// sound device. In two steps, so that a bad `--voice` is reported before
/// the book is read: ``choose(mute:voice:)``, then ``make(_:language:options:)``.
enum ReaderVoices {
    /// The engine and the `--voice` it knows, before the book is read.
    struct Choice {
        var engine: CombinedEngine?
        var chosen: Voice?
        /// Why reading will be muted, when it will be.
        var notice: String?
    }

    /// Loads the engine (unless muted) and checks `--voice` against it.
    /// - Throws: ``UsageError`` for a `--voice` the engine does not have.
    static func choose(mute: Bool, options: NarrationOptions, warnings: WarningSink) throws(UsageError) -> Choice {
        if mute { return Choice() }
        let engine: CombinedEngine
        do { engine = try SpeechEngines.open(options, threads: SpeechEngines.soloThreads, warnings: warnings) } catch {
            return Choice(notice: "No speech (\(error.message)): reading muted; --mute hides this notice.")
        }
        return Choice(engine: engine, chosen: try SpeechEngines.checkVoices(options, engine: engine))
    }

    /// The voice for a book in `language`: muted when the choice has no
    /// engine or there is no sound device (with the notice saying so).
    /// `options` carries the rest of the narration (exact pauses, the dialogue voice).
    static func make(_ choice: Choice, language: String?, options: NarrationOptions) -> (any ReaderVoice, notice: String?) {
        guard let engine = choice.engine else { return (MutedVoice(), choice.notice) }
        Interrupts.ignoreBrokenPipes()
        do throws(OutputError) { try SentencePlayer.probe(sampleRate: engine.sampleRate) } catch {
            return (MutedVoice(), "No sound device (\(Self.reason(error))): reading muted; --mute hides this notice.")
        }
        let catalog = VoiceCatalog(engine.voices())
        let name = choice.chosen?.identifier ?? language.flatMap { catalog.voice(forLanguage: $0)?.identifier } ?? "en"
        let player = SentencePlayer(sampleRate: engine.sampleRate)
        return (EngineVoice(
            engine: engine, voice: choice.chosen?.identifier, name: name, player: player, options: options), nil)
    }

    private static func reason(_ error: OutputError) -> String {
        if case .noSoundDevice(let detail) = error { return detail }
        return error.description
    }
}
