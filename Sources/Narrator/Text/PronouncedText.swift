import BookModel
import Phonemes

/// An utterance's text as espeak-ng should say it once its pronunciations
/// are applied: each covered stretch replaced by espeak-ng phoneme
/// mnemonics in `[[ ]]` (read with `espeakPHONEMES`) or by its alias, and
/// for every scalar of the result the offset in the utterance string it
/// stands for, so espeak's word positions still point into the text as
/// authored. Every scalar of a replacement points at the start of what it
/// replaces: a word said from a lexicon keeps its own cue.
struct PronouncedText: Equatable {
    /// What is handed to espeak-ng.
    var text: String
    /// For each Unicode scalar of ``text``, its offset in the utterance string.
    var sourceOffsets: [Int32]
    /// Whether ``text`` holds phoneme input (`[[…]]`).
    var usesPhonemes: Bool

    /// A pronunciation that could not be said, and why.
    struct Failure {
        var pronunciation: Pronunciation
        var unmapped: PhonemeConverter.Unmapped
    }

    /// Applies `pronunciations` to `prepared` (the utterance's text after
    /// ``SpeakableText/prepare(_:)``, same length in scalars). Phonemes
    /// that cannot be converted leave their text as written and are passed
    /// to `failed`.
    init(
        _ prepared: String, pronunciations: [Pronunciation], converter: PhonemeConverter,
        failed: (Failure) -> Void = { _ in }
    ) {
        let scalars = Array(prepared.unicodeScalars)
        var builder = Builder()
        var position = 0
        for pronunciation in pronunciations {
            let range = pronunciation.range.clamped(to: 0..<scalars.count)
            guard range.lowerBound >= position, !range.isEmpty || pronunciation.spoken == .continued else { continue }
            builder.copy(scalars[position..<range.lowerBound], from: position)
            position = range.upperBound
            switch pronunciation.spoken {
            case .phonemes(let phonemes, let alphabet):
                switch converter.mnemonics(for: phonemes, alphabet: alphabet) {
                case .success(var mnemonics):
                    if Self.isEnglish(converter), WordBoundary.isPossessive(scalars, at: position) {
                        mnemonics += Self.possessiveEnding(after: mnemonics)
                        position += 2
                    }
                    builder.replace(with: "[[\(mnemonics)]]", at: range.lowerBound, in: scalars, after: position)
                    builder.usesPhonemes = true
                case .failure(let unmapped):
                    failed(Failure(pronunciation: pronunciation, unmapped: unmapped))
                    builder.copy(scalars[range], from: range.lowerBound)
                }
            case .alias(let alias):
                builder.replace(with: Self.sanitized(alias), at: range.lowerBound, in: scalars, after: position)
            case .continued:
                break
            }
        }
        builder.copy(scalars[min(position, scalars.count)...], from: position)
        text = builder.text
        sourceOffsets = builder.offsets
        usesPhonemes = builder.usesPhonemes
    }

    /// The text unchanged, with `[[` made harmless: in a call that reads
    /// phonemes it would start phoneme input.
    init(plain prepared: String) {
        var builder = Builder()
        let scalars = Array(prepared.unicodeScalars)
        builder.copy(scalars[...], from: 0)
        text = builder.text
        sourceOffsets = builder.offsets
        usesPhonemes = false
    }

    /// `[[` with its second bracket turned into a space (same length).
    static func sanitized(_ text: String) -> String {
        guard text.contains("[[") else { return text }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            result.append(scalar == "[" && previous == "[" ? " " : scalar)
            previous = result.last
        }
        return String(result)
    }

    private static func isEnglish(_ converter: PhonemeConverter) -> Bool {
        converter.inventory.table == "en" || converter.inventory.table.hasPrefix("en-")
    }

    /// English `'s`: /s/ after a voiceless consonant, /ɪz/ after a
    /// sibilant, /z/ otherwise.
    static func possessiveEnding(after mnemonics: String) -> String {
        if ["s", "z", "S", "Z", "tS", "dZ"].contains(where: mnemonics.hasSuffix) { return "I#z" }
        if let last = mnemonics.last, "ptkfT".contains(last) { return "s" }
        return "z"
    }

    /// Accumulates the text and its offsets.
    private struct Builder {
        var text = ""
        var offsets: [Int32] = []
        var usesPhonemes = false

        mutating func copy(_ scalars: ArraySlice<Unicode.Scalar>, from start: Int) {
            var previous: Unicode.Scalar? = text.unicodeScalars.last
            for (index, scalar) in zip(start..., scalars) {
                let written: Unicode.Scalar = scalar == "[" && previous == "[" ? " " : scalar
                text.unicodeScalars.append(written)
                offsets.append(Int32(index))
                previous = written
            }
        }

        /// Writes `replacement` for the text starting at `offset`, with a
        /// space on either side where the text around it would run into it.
        mutating func replace(with replacement: String, at offset: Int, in scalars: [Unicode.Scalar], after end: Int) {
            if let last = text.unicodeScalars.last, WordBoundary.isWordScalar(last) { append(" ", offset) }
            append(replacement, offset)
            if end < scalars.count, WordBoundary.isWordScalar(scalars[end]) { append(" ", offset) }
        }

        private mutating func append(_ string: String, _ offset: Int) {
            text += string
            offsets.append(contentsOf: repeatElement(Int32(offset), count: string.unicodeScalars.count))
        }
    }
}

/// Word boundaries as lexicons match them (letters, marks and digits).
enum WordBoundary {
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
            || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
    }

    /// `'s` or `’s` at `index`, ending a word.
    static func isPossessive(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 1 < text.count, text[index] == "'" || text[index] == "\u{2019}",
            text[index + 1] == "s" || text[index + 1] == "S"
        else { return false }
        return index + 2 == text.count || !isWordScalar(text[index + 2])
    }
}
