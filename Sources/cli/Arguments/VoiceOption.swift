import Narrator

/// `--voice`, checked against the engine's voices before any input is read,
/// so a mistyped name is a usage error that comes first.
enum VoiceOption {
    /// The voice `name` names; nil when no `--voice` was given.
    /// - Throws: ``UsageError`` naming the closest voices when there is none.
    @discardableResult
    static func check(_ name: String?, engine: some SpeechEngine) throws(UsageError) -> Voice? {
        guard let name else { return nil }
        do throws(SpeechError) { return try VoiceCatalog(engine.voices()).voice(named: name) } catch {
            throw UsageError("--voice: \(error)")
        }
    }
}
