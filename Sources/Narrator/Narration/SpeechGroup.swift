import BookModel

/// Consecutive utterances spoken in one engine call, as connected speech: a
/// sentence of per-word utterances, or one sentence-sized utterance.
///
/// A group ends after an utterance that ends a sentence (see
/// ``SpeakableText/endsSentence(_:)``) or has a post-utterance delay, before one
/// with a pre-utterance delay or another voice, at the end of a page, and at
/// ``maximumCount`` utterances.
struct SpeechGroup {
    var voice: String
    var positions: [UtterancePosition] = []
    var utterances: [Utterance] = []
    /// Silence before the first utterance and after the last, in seconds.
    var preDelay: Double?
    var postDelay: Double?
    /// True when the engine should pause at the end (the last utterance ends
    /// a clause, or the group ends a page or the narration).
    var endsClause = false

    static let maximumCount = 64

    var isEmpty: Bool { utterances.isEmpty }
}

/// Cuts a sequence of utterances into ``SpeechGroup``s.
struct SpeechGrouper {
    private(set) var current: SpeechGroup?

    /// Adds an utterance spoken by `voice`; returns the groups it completes
    /// (zero, one or two).
    mutating func add(_ utterance: Utterance, at position: UtterancePosition, voice: String) -> [SpeechGroup] {
        var done: [SpeechGroup] = []
        let hasPreDelay = (utterance.prosody.preUtteranceDelay ?? 0) > 0
        if let group = current,
            hasPreDelay || group.voice != voice || group.positions.last?.page != position.page
                || group.utterances.count >= SpeechGroup.maximumCount
        {
            done.append(Self.closed(group, forced: group.positions.last?.page != position.page))
            current = nil
        }
        var group = current ?? SpeechGroup(voice: voice, preDelay: utterance.prosody.preUtteranceDelay)
        group.positions.append(position)
        group.utterances.append(utterance)
        if (utterance.prosody.postUtteranceDelay ?? 0) > 0 || SpeakableText.endsSentence(utterance.text) {
            group.postDelay = utterance.prosody.postUtteranceDelay
            done.append(Self.closed(group, forced: false))
            current = nil
        } else {
            current = group
        }
        return done
    }

    /// The last, unfinished group, closed as the end of the narration.
    mutating func finish() -> SpeechGroup? {
        defer { current = nil }
        return current.map { Self.closed($0, forced: true) }
    }

    private static func closed(_ group: SpeechGroup, forced: Bool) -> SpeechGroup {
        var group = group
        group.endsClause = forced || SpeakableText.endsClause(group.utterances.last?.text ?? "")
        return group
    }
}
