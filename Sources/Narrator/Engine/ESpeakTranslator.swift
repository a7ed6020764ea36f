import CESpeakNG
import Glibc

/// How espeak-ng reads a word: the phonemes it will use, and whether it
/// found the word in its dictionary or made them up from its letter-to-sound
/// rules (where names, foreign words and coinages usually go wrong).
public struct WordTranslation: Hashable, Sendable {
    /// espeak-ng's mnemonics (`SI2v'O:n`).
    public var mnemonics: String
    /// The same phonemes in IPA (`ʃɪvˈɔːn`).
    public var ipa: String
    /// True when no dictionary entry gave them: espeak-ng applied its
    /// spelling rules.
    public var byRules: Bool
}

extension ESpeakEngine {
    /// espeak-ng's reading of one word with `voice`, from
    /// `espeak_TextToPhonemes` with the translation trace on (`Found:` lines
    /// come from the dictionary, `Translate` lines from the rules).
    /// - Throws: ``SpeechError/unknownVoice(_:suggestions:)``.
    public func translate(_ word: String, voice: String) throws(SpeechError) -> WordTranslation {
        try select(voice: voice)
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else {
            return WordTranslation(mnemonics: phonemes(word, ipa: false), ipa: phonemes(word, ipa: true), byRules: false)
        }
        library.setPhonemeTrace(8, stream)
        let mnemonics = phonemes(word, ipa: false)
        library.setPhonemeTrace(0, nil)
        fclose(stream)
        defer { free(buffer) }
        let trace = buffer.map { String(cString: $0) } ?? ""
        return WordTranslation(mnemonics: mnemonics, ipa: phonemes(word, ipa: true), byRules: Self.byRules(trace))
    }

    /// Rules were used when the trace translates a part of the word and
    /// finds none of it in the dictionary.
    static func byRules(_ trace: String) -> Bool {
        var translated = false
        for line in trace.split(separator: "\n") {
            if line.hasPrefix("Found: ") { return false }
            if line.hasPrefix("Translate '") { translated = true }
        }
        return translated
    }

    /// The phonemes of `text`'s first clause, without stress-free pauses.
    private func phonemes(_ text: String, ipa: Bool) -> String {
        text.withCString { pointer in
            var cursor: UnsafeRawPointer? = UnsafeRawPointer(pointer)
            let mode: Int32 = ipa ? 2 : 0
            guard let result = library.textToPhonemes(&cursor, Int32(espeakCHARS_UTF8), mode) else { return "" }
            return String(cString: result).trimmingSpaces()
        }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
