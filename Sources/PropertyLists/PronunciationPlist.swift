import BookModel

/// An utterance's pronunciations as plist values (`narratePronunciations`),
/// and back: the one place that knows their keys.
package enum PronunciationPlist {
    private typealias Keys = NarratedPlistKeys

    /// The array written beside `utteranceProperties` (never inside it).
    package static func value(_ pronunciations: [Pronunciation], text: String) -> PropertyListValue {
        let scalars = Array(text.unicodeScalars)
        return .array(pronunciations.map { dictionary($0, scalars: scalars) })
    }

    private static func dictionary(_ pronunciation: Pronunciation, scalars: [Unicode.Scalar]) -> PropertyListValue {
        var fields = PropertyListDictionary()
        let range = pronunciation.range.clamped(to: 0..<scalars.count)
        fields[Keys.location] = .integer(Int64(pronunciation.range.lowerBound))
        fields[Keys.length] = .integer(Int64(pronunciation.range.count))
        fields[Keys.coveredText] = .string(String(String.UnicodeScalarView(scalars[range])))
        switch pronunciation.spoken {
        case .phonemes(let phonemes, let alphabet):
            fields[Keys.phonemes] = .string(phonemes)
            fields[Keys.alphabet] = .string(alphabet.rawValue)
        case .alias(let alias): fields[Keys.alias] = .string(alias)
        case .continued: fields[Keys.continued] = .boolean(true)
        }
        switch pronunciation.origin {
        case .inline: fields[Keys.origin] = .string("inline")
        case .bookLexicon(let path):
            fields[Keys.origin] = .string("book")
            fields[Keys.lexicon] = .string(path)
        case .userLexicon(let path):
            fields[Keys.origin] = .string("user")
            fields[Keys.lexicon] = .string(path)
        }
        return .dictionary(fields)
    }

    /// Why a pronunciation entry cannot be read: the key (under the entry)
    /// and what was wrong.
    package struct Problem: Error, Equatable {
        /// The entry's index in the array; nil when the array itself is wrong.
        package var index: Int? = nil
        package var key: String
        package var message: String
    }

    /// The pronunciations of an utterance whose text is `text`. An entry
    /// whose stretch lies outside the text, or no longer holds the text it
    /// was made for, is a ``Problem``: the entry's index and what is wrong.
    package static func pronunciations(from value: PropertyListValue, text: String)
        -> Result<[Pronunciation], Problem>
    {
        guard case .array(let items) = value else {
            return .failure(Problem(key: "", message: "expected an array, found \(value.typeName)"))
        }
        let scalars = Array(text.unicodeScalars)
        var result: [Pronunciation] = []
        for (index, item) in items.enumerated() {
            switch pronunciation(from: item, scalars: scalars) {
            case .success(let pronunciation): result.append(pronunciation)
            case .failure(var problem):
                problem.index = index
                return .failure(problem)
            }
        }
        return .success(result.sorted { $0.range.lowerBound < $1.range.lowerBound })
    }

    private static func pronunciation(from value: PropertyListValue, scalars: [Unicode.Scalar])
        -> Result<Pronunciation, Problem>
    {
        guard case .dictionary(let fields) = value else {
            return .failure(Problem(key: "", message: "expected a dictionary, found \(value.typeName)"))
        }
        guard case .integer(let location)? = fields[Keys.location], case .integer(let length)? = fields[Keys.length],
            location >= 0, length >= 0, location <= Int64(scalars.count) - length
        else {
            return .failure(Problem(key: Keys.location, message: "expected a location and length inside the utterance's text"))
        }
        let range = Int(location)..<Int(location + length)
        if case .string(let covered)? = fields[Keys.coveredText],
            covered != String(String.UnicodeScalarView(scalars[range]))
        {
            return .failure(Problem(key: Keys.coveredText, message: "\"\(covered)\" is no longer at that place in the text"))
        }
        let spoken: Pronunciation.Spoken
        switch (fields[Keys.phonemes], fields[Keys.alias], fields[Keys.continued]) {
        case (.string(let phonemes)?, _, _):
            let name: String
            if case .string(let alphabet)? = fields[Keys.alphabet] { name = alphabet } else { name = "ipa" }
            guard let alphabet = PhoneticAlphabet(name: name) else {
                return .failure(Problem(key: Keys.alphabet, message: "unknown alphabet '\(name)' (ipa, x-sampa or x-espeak)"))
            }
            spoken = .phonemes(phonemes, alphabet: alphabet)
        case (nil, .string(let alias)?, _): spoken = .alias(alias)
        case (nil, nil, .boolean(true)?): spoken = .continued
        default:
            return .failure(Problem(key: Keys.phonemes, message: "expected phonemes, an alias or continued"))
        }
        return .success(Pronunciation(range: range, spoken: spoken, origin: origin(fields)))
    }

    private static func origin(_ fields: PropertyListDictionary) -> Pronunciation.Origin {
        var lexicon = ""
        if case .string(let name)? = fields[Keys.lexicon] { lexicon = name }
        switch fields[Keys.origin] {
        case .string("book")?: return .bookLexicon(lexicon)
        case .string("user")?: return .userLexicon(lexicon)
        default: return .inline
        }
    }
}
