import BookModel
import Phonemes

/// Applies utterances' pronunciations for the voice that speaks them: one
/// ``PhonemeConverter`` per voice, and one warning per pronunciation that
/// cannot be said with that voice (naming the symbol and the place; the text
/// is then said as written).
final class Pronouncer {
    private let warnings: WarningSink
    private var converters: [String: PhonemeConverter] = [:]
    private var reported: Set<String> = []

    init(warnings: WarningSink) {
        self.warnings = warnings
    }

    /// The converter for an espeak-ng voice identifier.
    func converter(forVoice voice: String) -> PhonemeConverter {
        if let known = converters[voice] { return known }
        let converter = PhonemeConverter(inventory: ESpeakPhonemeInventory.forVoice(voice, language: voice))
        converters[voice] = converter
        return converter
    }

    /// The segments' texts for `texts` (already through ``SpeakableText``),
    /// the utterances they stand for, spoken by `voice`.
    func pronounce(
        _ texts: [String], utterances: [Utterance], positions: [UtterancePosition], voice: String
    ) -> [PronouncedText] {
        guard utterances.contains(where: { !$0.pronunciations.isEmpty }) else {
            return texts.map(PronouncedText.init(plain:))
        }
        let converter = converter(forVoice: voice)
        return zip(texts, utterances.indices).map { text, index in
            let utterance = utterances[index]
            return PronouncedText(text, pronunciations: utterance.pronunciations, converter: converter) { failure in
                report(failure, utterance: utterance, position: positions.indices.contains(index) ? positions[index] : nil)
            }
        }
    }

    private func report(_ failure: PronouncedText.Failure, utterance: Utterance, position: UtterancePosition?) {
        guard case .phonemes(let phonemes, let alphabet) = failure.pronunciation.spoken else { return }
        let key = "\(alphabet.rawValue)\u{0}\(phonemes)\u{0}\(failure.unmapped.table)"
        guard reported.insert(key).inserted else { return }
        let scalars = Array(utterance.text.unicodeScalars)
        let range = failure.pronunciation.range.clamped(to: 0..<scalars.count)
        let word = String(String.UnicodeScalarView(scalars[range]))
        let place = utterance.source?.description ?? position?.description
        warnings.warn(
            "cannot say \(alphabet.rawValue) \"\(phonemes)\" (\(failure.pronunciation.origin)): "
                + "\(failure.unmapped); saying \"\(word)\" as written",
            at: place)
    }
}
