import InteractiveReader
import Narrator

/// Chooses the reader's voice: silent with `--mute`; otherwise espeak-ng on
/// the sound device, or silent with a notice when there is no engine or no
/// sound device.
enum ReaderVoices {
    /// - Throws: ``UsageError`` for a `--voice` the engine does not have.
    static func make(mute: Bool, voice: String?, language: String?) throws(UsageError)
        -> (any ReaderVoice, notice: String?)
    {
        if mute { return (MutedVoice(), nil) }
        let engine: ESpeakEngine
        do { engine = try ESpeakEngine() } catch {
            return (MutedVoice(), "No speech (\(error)): reading muted; --mute hides this notice.")
        }
        let catalog = VoiceCatalog(engine.voices())
        let chosen: Voice?
        do throws(SpeechError) { chosen = try voice.map { (name) throws(SpeechError) in try catalog.voice(named: name) } } catch {
            throw UsageError("--voice: \(error)")
        }
        Interrupts.ignoreBrokenPipes()
        do throws(OutputError) { try SentencePlayer.probe(sampleRate: engine.sampleRate) } catch {
            return (MutedVoice(), "No sound device (\(Self.reason(error))): reading muted; --mute hides this notice.")
        }
        let name = chosen?.identifier ?? language.flatMap { catalog.voice(forLanguage: $0)?.identifier } ?? "en"
        let player = SentencePlayer(sampleRate: engine.sampleRate)
        return (EngineVoice(engine: engine, voice: chosen?.identifier, name: name, player: player), nil)
    }

    private static func reason(_ error: OutputError) -> String {
        if case .noSoundDevice(let detail) = error { return detail }
        return error.description
    }
}
