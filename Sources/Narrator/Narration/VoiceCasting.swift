import BookModel

/// Who speaks what when a narration has more than one voice: the chapter's
/// voice from a voice map in place of the main one, and quoted speech in
/// the voice of the speaker a speech tag names (voice map), else in the
/// dialogue voice (`--dialogue-voice`). Voices are engine identifiers,
/// already resolved.
struct VoiceCasting {
    /// `--dialogue-voice`; nil for none.
    let dialogueVoice: String?
    /// The voice map with its voices resolved; nil for none.
    let map: VoiceMap?
    /// Where quotations open and close, across the utterances of a paragraph.
    private var quotations = DialogueParts()
    /// The mapped speaker the paragraph's narration has named so far.
    private var paragraphSpeaker: VoiceMap.Speaker?

    init(dialogueVoice: String?, map: VoiceMap?) {
        self.dialogueVoice = dialogueVoice
        self.map = map
    }

    /// Whether words carry the voice that spoke them in their timings.
    var marksVoices: Bool { dialogueVoice != nil || map != nil }

    /// A new page: open quotations and the paragraph's speaker are forgotten.
    mutating func startPage() {
        quotations.reset()
        paragraphSpeaker = nil
    }

    /// Reads text said before (the start of a paragraph spoken earlier, and
    /// paragraphs before it), paragraph by paragraph, for the quotations it
    /// leaves open and the speaker it names; `upcoming`: the utterances
    /// that follow it.
    mutating func follow(_ text: String, before upcoming: [Utterance]) {
        guard !text.isEmpty else { return }
        var paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map { Utterance(String($0) + "\n") }
        if let last = paragraphs.indices.last { paragraphs[last].text.removeLast() }
        for index in paragraphs.indices where !paragraphs[index].text.isEmpty {
            _ = parts(of: paragraphs[index], main: "", following: paragraphs[(index + 1)...] + upcoming)
        }
    }

    /// The voice map's voice for a page, replacing the main voice there.
    func chapterVoice(page: Int, title: String?) -> String? {
        map?.chapterVoice(page: page, title: title)
    }

    /// The utterance as it is spoken, each part with its offset in the
    /// utterance's text and its voice: whole in `main` when nothing is cast;
    /// else narration in `main` and quotations in the speaker's voice, the
    /// dialogue voice, or `main`, in that order (an utterance in a language
    /// of its own keeps `main` for its quotations too). `following`: the
    /// utterances after it at hand, for how its paragraph goes on.
    mutating func parts(
        of utterance: Utterance, main: String, following: some Collection<Utterance> = EmptyCollection()
    ) -> [(Utterance, offset: Int, voice: String)] {
        guard dialogueVoice != nil || map?.speakers.isEmpty == false else { return [(utterance, 0, main)] }
        let cut = quotations.parts(of: utterance.text, following: following)
        let scalars = Array(utterance.text.unicodeScalars)
        let narration = cut.filter { !$0.isQuoted }.map { String(String.UnicodeScalarView(scalars[$0.range])) }
        if let named = map?.speaker(namedIn: narration.joined(separator: " ")) { paragraphSpeaker = named }
        let quoted = utterance.language == nil ? paragraphSpeaker?.voice ?? dialogueVoice ?? main : main
        if utterance.text.unicodeScalars.last == "\n" { paragraphSpeaker = nil }
        guard cut.count > 1 || cut.first?.isQuoted == true else { return [(utterance, 0, main)] }
        return cut.map { part in
            (cut.count == 1 ? utterance : utterance.part(part.range), part.range.lowerBound, part.isQuoted ? quoted : main)
        }
    }
}
