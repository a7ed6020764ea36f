import CESpeakNG

/// One clause as espeak-ng phonemizes it for a Piper voice: its IPA and the
/// punctuation that ended it (Piper's voices were trained on both).
struct IPAClause: Hashable, Sendable {
    /// The clause's IPA, words separated by spaces (`həlˈoʊ ðˈɛɹ`).
    var ipa: String
    /// The clause's closing punctuation (`,` `.` `?` `!` `:` `;`), nil when
    /// it has none.
    var terminator: Character?

    /// Whether the clause ends a sentence.
    var endsSentence: Bool { terminator.map { ".?!".contains($0) } ?? false }

    /// The punctuation that ends `clause` (its text as espeak-ng consumed
    /// it) before `next`: the last of `,.?!:;` between its last letter or
    /// digit and the next clause's first (espeak-ng leaves a comma to the
    /// next clause's text, a full stop in this one's); `…` reads as `.`.
    static func terminator(of clause: Substring, before next: Substring?) -> Character? {
        let isWord: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        let tail = clause.reversed().prefix { !isWord($0) }.reversed()
        let head = next.map { $0.prefix { !isWord($0) } } ?? ""
        let gap = Array(tail) + Array(head)
        guard let last = gap.last(where: { ",.?!:;…".contains($0) }) else { return nil }
        return last == "…" ? "." : last
    }

    /// espeak-ng's IPA without its language-switch marks (`(fr)`, `(en)`),
    /// which are not phonemes.
    static func withoutLanguageMarks(_ ipa: String) -> String {
        var result = ""
        var inMark = false
        for character in ipa {
            if character == "(" { inMark = true } else if character == ")" { inMark = false } else if !inMark {
                result.append(character)
            }
        }
        return result
    }
}

extension ESpeakEngine {
    /// The IPA of `text` clause by clause with `voice` (an espeak-ng voice
    /// such as `en-us`), as Piper phonemizes: `espeak_TextToPhonemes` in IPA
    /// mode, one call per clause, each clause's punctuation kept. With
    /// `phonemeInput`, `[[ ]]` holds espeak-ng phoneme mnemonics (a
    /// pronunciation from a lexicon), as in ``render(_:onEvent:)``.
    /// - Throws: ``SpeechError/unknownVoice(_:suggestions:)``.
    func ipaClauses(_ text: String, voice: String, phonemeInput: Bool = false) throws(SpeechError) -> [IPAClause] {
        try select(voice: voice)
        readPhonemeInput(phonemeInput)
        let bytes = Array(text.utf8) + [0]
        var chunks: [(ipa: String, text: Substring)] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var cursor: UnsafeRawPointer? = UnsafeRawPointer(base)
            while let start = cursor, start.assumingMemoryBound(to: UInt8.self).pointee != 0 {
                guard let result = library.textToPhonemes(&cursor, Int32(espeakCHARS_UTF8), 2) else { break }
                let consumedEnd = cursor.map { $0 - UnsafeRawPointer(base) } ?? (bytes.count - 1)
                let consumed = String(decoding: buffer[(start - UnsafeRawPointer(base))..<consumedEnd], as: UTF8.self)
                let ipa = IPAClause.withoutLanguageMarks(String(cString: result))
                    .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                chunks.append((ipa, consumed[...]))
                if cursor == nil || consumedEnd <= start - UnsafeRawPointer(base) { break }
            }
        }
        return chunks.indices.compactMap { index in
            guard !chunks[index].ipa.isEmpty else { return nil }
            let next = index + 1 < chunks.count ? chunks[index + 1].text : nil
            return IPAClause(ipa: chunks[index].ipa, terminator: IPAClause.terminator(of: chunks[index].text, before: next))
        }
    }

    /// The IPA of one word on its own with `voice`, its clauses joined.
    public func ipa(ofWord word: String, voice: String, phonemeInput: Bool = false) throws(SpeechError) -> String {
        try ipaClauses(word, voice: voice, phonemeInput: phonemeInput).map(\.ipa).joined(separator: " ")
    }

    /// espeak-ng takes whether to read `[[ ]]` from the flags of its last
    /// synthesis: a silent one sets it when it must change.
    private func readPhonemeInput(_ on: Bool) {
        guard readsPhonemeInput != on else { return }
        var flags = UInt32(espeakCHARS_UTF8)
        if on { flags |= UInt32(espeakPHONEMES) }
        _ = library.synth(" ", 2, 0, POS_CHARACTER, 0, flags, nil, nil)
        readsPhonemeInput = on
    }
}
