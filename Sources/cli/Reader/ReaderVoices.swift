import Narrator

/// Chooses the reader's voice: silent with `--mute`, otherwise speech, or
/// silent with a notice when speech is not possible here.
enum ReaderVoices {
    static func make(mute: Bool) -> (any ReaderVoice, notice: String?) {
        if mute { return (MutedVoice(), nil) }
        return (MutedVoice(), "Speech is not available in this build: reading muted (--mute hides this notice).")
    }
}
