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

    /// The punctuation ending `text`, a clause as espeak-ng consumed it:
    /// the last of `,.?!:;` after its last letter or digit; `…` reads as `.`.
    static func terminator(of text: Substring) -> Character? {
        for character in text.reversed() {
            if character.isLetter || character.isNumber { return nil }
            if character == "…" { return "." }
            if ",.?!:;".contains(character) { return character }
        }
        return nil
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
    /// mode, one call per clause, each clause's punctuation kept.
    /// - Throws: ``SpeechError/unknownVoice(_:suggestions:)``.
    func ipaClauses(_ text: String, voice: String) throws(SpeechError) -> [IPAClause] {
        try select(voice: voice)
        let bytes = Array(text.utf8) + [0]
        var clauses: [IPAClause] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var cursor: UnsafeRawPointer? = UnsafeRawPointer(base)
            while let start = cursor, start.assumingMemoryBound(to: UInt8.self).pointee != 0 {
                guard let result = library.textToPhonemes(&cursor, Int32(espeakCHARS_UTF8), 2) else { break }
                let consumedEnd = cursor.map { $0 - UnsafeRawPointer(base) } ?? (bytes.count - 1)
                let consumed = String(decoding: buffer[(start - UnsafeRawPointer(base))..<consumedEnd], as: UTF8.self)
                let ipa = IPAClause.withoutLanguageMarks(String(cString: result))
                    .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                if !ipa.isEmpty { clauses.append(IPAClause(ipa: ipa, terminator: IPAClause.terminator(of: consumed[...]))) }
                if cursor == nil || consumedEnd <= start - UnsafeRawPointer(base) { break }
            }
        }
        return clauses
    }

    /// The IPA of one word on its own with `voice`, its clauses joined.
    func ipa(ofWord word: String, voice: String) throws(SpeechError) -> String {
        try ipaClauses(word, voice: voice).map(\.ipa).joined(separator: " ")
    }
}
