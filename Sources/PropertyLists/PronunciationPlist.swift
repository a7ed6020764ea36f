import BookModel

/// An utterance's pronunciations as plist values (`narratePronunciations`),
/// and back: the one place that knows their keys.
package enum PronunciationPlist {
    private typealias Keys = NarratedPlistKeys
    private typealias Static = NarratedPlistKeys.PronunciationKey

    /// The array written beside `utteranceProperties` (never inside it).
    package static func value(_ pronunciations: [Pronunciation], text: String) -> PropertyListValue {
        let scalars = Array(text.unicodeScalars)
        return .array(pronunciations.map { dictionary($0, scalars: scalars) })
    }

    /// Emits the same array as ``value(_:text:)`` without building it: keys
    /// in sorted order (alias, alphabet, continued, length, location,
    /// origin, phonemes, text); `origins` names each origin once for many
    /// utterances.
    package static func emit(
        _ pronunciations: [Pronunciation], text: String, origins: inout OriginNames,
        to emitter: inout some PropertyListEmitter
    ) throws {
        try text.withUTF8Bytes { bytes in
            var covered = ScalarCursor(bytes: bytes)
            try emitter.beginArray(count: pronunciations.count)
            for pronunciation in pronunciations {
                var count = 5
                switch pronunciation.spoken {
                case .phonemes(_, let alphabet): count += alphabet == .ipa ? 0 : 1
                case .alias, .continued: break
                }
                try emitter.beginDictionary(count: count)
                switch pronunciation.spoken {
                case .alias(let alias): try emitter.entry(static: Static.alias, string: alias)
                case .phonemes(_, let alphabet) where alphabet != .ipa:
                    try emitter.entry(static: Static.alphabet, string: alphabet.rawValue)
                case .continued: try emitter.key(static: Static.continued); try emitter.boolean(true)
                case .phonemes: break
                }
                try emitter.entry(static: Static.length, integer: Int64(pronunciation.range.count))
                try emitter.entry(static: Static.location, integer: Int64(pronunciation.range.lowerBound))
                try emitter.entry(static: Static.origin, string: origins.text(for: pronunciation.origin))
                if case .phonemes(let phonemes, _) = pronunciation.spoken {
                    try emitter.entry(static: Static.phonemes, string: phonemes)
                }
                try emitter.entry(static: Static.coveredText, utf8: covered.bytes(of: pronunciation.range))
                try emitter.endDictionary()
            }
            try emitter.endArray()
        }
    }

    /// Each origin's text (`inline`, `book PATH`, `user NAME`), made once
    /// while the origins repeat rather than once per pronunciation.
    package struct OriginNames {
        private var last: (origin: Pronunciation.Origin, text: String)? = nil

        package init() {}

        mutating func text(for origin: Pronunciation.Origin) -> String {
            if let last, last.origin == origin { return last.text }
            let text = originText(origin)
            last = (origin, text)
            return text
        }
    }

    /// The bytes of a text's stretches of scalars, found in one walk over
    /// its UTF-8 while the stretches come in text order: scalars are the
    /// bytes that start one, and eight ASCII bytes are eight scalars.
    private struct ScalarCursor {
        let bytes: UnsafeBufferPointer<UInt8>
        private var byte = 0
        private var offset = 0  // scalars before `byte`

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The bytes of scalars `range` (cut at the end of the text).
        mutating func bytes(of range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            if range.lowerBound < offset { (byte, offset) = (0, 0) }
            advance(to: range.lowerBound)
            let start = byte
            var end = self
            end.advance(to: range.upperBound)
            return UnsafeBufferPointer(rebasing: bytes[start..<end.byte])
        }

        /// Moves on to scalar `target` (or the end of the text).
        private mutating func advance(to target: Int) {
            let raw = UnsafeRawBufferPointer(bytes)
            while offset < target, byte < bytes.count {
                if target - offset >= 8, byte + 8 <= bytes.count,
                    raw.loadUnaligned(fromByteOffset: byte, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    (byte, offset) = (byte + 8, offset + 8)
                    continue
                }
                byte += 1
                while byte < bytes.count, bytes[byte] & 0xC0 == 0x80 { byte += 1 }
                offset += 1
            }
        }
    }

    /// `inline`, `book PATH` or `user NAME`.
    private static func originText(_ origin: Pronunciation.Origin) -> String {
        switch origin {
        case .inline: "inline"
        case .bookLexicon(let path): "book " + path
        case .userLexicon(let name): "user " + name
        }
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
            if alphabet != .ipa { fields[Keys.alphabet] = .string(alphabet.rawValue) }
        case .alias(let alias): fields[Keys.alias] = .string(alias)
        case .continued: fields[Keys.continued] = .boolean(true)
        }
        fields[Keys.origin] = .string(originText(pronunciation.origin))
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
        guard case .string(let text)? = fields[Keys.origin] else { return .inline }
        if text.hasPrefix("book ") { return .bookLexicon(String(text.dropFirst(5))) }
        if text.hasPrefix("user ") { return .userLexicon(String(text.dropFirst(5))) }
        return .inline
    }
}
