import BookModel

/// How long narrate takes to speak a book, estimated without speaking it:
/// each utterance's characters at its language's measured rate
/// (``SpeakingRate``), slowed or sped up by its `rate`, plus its authored
/// delays as the narrator writes them. Within a few percent of the rendered
/// duration on the corpus books.
///
/// `exactPauses` (``NarrationOptions/exactPauses``, `--pause`): a delay is
/// then the whole silence, so the engine's own pause at the mark before it
/// is not counted.
public enum ListeningTime {
    /// Seconds to speak `book` at normal rate (`--rate 1`).
    public static func seconds(of book: Book, mapping: ProsodyMapping = ProsodyMapping(), exactPauses: Bool = false)
        -> Double
    {
        book.pages.reduce(0) {
            $0 + seconds(of: $1, bookLanguage: book.metadata.language, mapping: mapping, exactPauses: exactPauses)
        }
    }

    /// Seconds to speak one page.
    public static func seconds(
        of page: Page, bookLanguage: String?, mapping: ProsodyMapping = ProsodyMapping(), exactPauses: Bool = false
    ) -> Double {
        page.utterances.reduce(0) {
            $0 + seconds(of: $1, bookLanguage: bookLanguage, mapping: mapping, exactPauses: exactPauses)
        }
    }

    /// Seconds to speak one utterance and its delays.
    public static func seconds(
        of utterance: Utterance, bookLanguage: String?, mapping: ProsodyMapping = ProsodyMapping(),
        exactPauses: Bool = false
    ) -> Double {
        let rate = SpeakingRate.forLanguage(utterance.language ?? bookLanguage)
        let speed = ProsodyMapping.wordsPerMinute(rate: utterance.prosody.rate ?? 0.5) * mapping.rateScale
        let slowdown = ProsodyMapping.normalWordsPerMinute / min(max(speed, 1), ProsodyMapping.fastestWordsPerMinute)
        let delays = [utterance.prosody.preUtteranceDelay, utterance.prosody.postUtteranceDelay].reduce(0.0) {
            $0 + min(max($1 ?? 0, 0), ProsodyMapping.longestDelay)
        }
        let endsInDelay = exactPauses && utterance.prosody.postUtteranceDelay != nil
        return speechSeconds(utterance.text, rate: rate, countsFinalPause: !endsInDelay) * slowdown + delays
    }

    /// Seconds of speech for `text` at normal rate.
    /// - Parameter countsFinalPause: whether the engine's pause at a closing
    ///   mark is heard (false when an exact delay replaces it).
    static func speechSeconds(_ text: String, rate: SpeakingRate, countsFinalPause: Bool = true) -> Double {
        var seconds = 0.0
        var lastMark: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch CharacterKind(scalar) {
            case .letter: seconds += rate.letter
            case .han: seconds += rate.han
            case .kana: seconds += rate.kana
            case .digit: seconds += SpeakingRate.digit
            case .pause: seconds += SpeakingRate.pause
            case .other: break
            }
            if !Self.isWhitespace(scalar) || scalar == "\n" { lastMark = scalar }
        }
        if let lastMark, CharacterKind(lastMark) == .pause {
            seconds += countsFinalPause ? SpeakingRate.clauseEnd : -SpeakingRate.pause
        }
        return seconds
    }

    /// White space as Unicode says; ASCII's (tab to carriage return, space)
    /// without a property lookup.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// What a character costs to speak.
    enum CharacterKind: Equatable {
        case letter, han, kana, digit, pause, other

        init(_ scalar: Unicode.Scalar) {
            if scalar.isASCII {
                self = Self.ascii[Int(scalar.value)]
                return
            }
            self = Self.classified(scalar)
        }

        /// The kinds of the ASCII characters, said by ``classified(_:)``
        /// once (most of a book's text is ASCII: no set or property lookup).
        private static let ascii: [CharacterKind] = (0..<128).map { classified(Unicode.Scalar(UInt8($0))) }

        private static func classified(_ scalar: Unicode.Scalar) -> CharacterKind {
            switch scalar.value {
            case 0x3040...0x30FF: .kana
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: .han
            case 0x0A: .pause
            default: byCategory(scalar)
            }
        }

        private static func byCategory(_ scalar: Unicode.Scalar) -> CharacterKind {
            if pauseMarks.contains(scalar) { return .pause }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark:
                return .letter
            case .decimalNumber, .letterNumber, .otherNumber: return .digit
            default: return .other
            }
        }

        private static let pauseMarks: Set<Unicode.Scalar> = [
            ".", "!", "?", ",", ";", ":", "…", "—", "–", "。", "！", "？", "、", "，", "；", "：", "।",
        ]
    }
}
