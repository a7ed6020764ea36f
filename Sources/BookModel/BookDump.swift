/// A readable tree of a book, one line per node, for `narrate dump` and for
/// golden tests. Strings are quoted with Swift escapes so whitespace shows.
///
///     Book title="Whirly Squirrelly" language=en pages=2
///     ├─ Page 1 background="PageBackgroundImage.jpg" utterances=2
///     │  ├─ "Whisky, " rate=1.2 pitchMultiplier=1
///     │  └─ "frisky," rate=1.3
///     └─ Page 2 …
public enum BookDump {
    /// The whole dump, ending with a newline.
    /// - Parameter annotations: lines to print under an utterance, given its
    ///   page's utterances and its index there (`narrate dump --spoken`).
    public static func render(_ book: Book, annotations: (([Utterance], Int) -> [String])? = nil) -> String {
        var lines = [bookLine(book)]
        for (index, page) in book.pages.enumerated() {
            let lastPage = index == book.pages.count - 1
            lines.append((lastPage ? "└─ " : "├─ ") + pageLine(page, number: index + 1))
            let indent = lastPage ? "   " : "│  "
            for (uIndex, utterance) in page.utterances.enumerated() {
                let branch = uIndex == page.utterances.count - 1 ? "└─ " : "├─ "
                lines.append(indent + branch + utteranceLine(utterance))
                let under = indent + (uIndex == page.utterances.count - 1 ? "     " : "│    ")
                for line in annotations?(page.utterances, uIndex) ?? [] { lines.append(under + line) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func bookLine(_ book: Book) -> String {
        let meta = book.metadata
        var fields = ["Book"]
        fields.append(optional: meta.title.map { "title=\(quoted($0))" })
        if !meta.authors.isEmpty {
            fields.append("authors=[" + meta.authors.map(quoted).joined(separator: ", ") + "]")
        }
        fields.append(optional: meta.language.map { "language=\($0)" })
        fields.append(optional: meta.identifier.map { "identifier=\(quoted($0))" })
        fields.append("pages=\(book.pages.count)")
        fields.append(contentsOf: extraFields(book.extraKeys))
        return fields.joined(separator: " ")
    }

    static func pageLine(_ page: Page, number: Int) -> String {
        var fields = ["Page \(number)"]
        fields.append(optional: page.title.map { "title=\(quoted($0))" })
        fields.append(optional: page.backgroundImage.map { "background=\(quoted($0))" })
        if page.role == .notes { fields.append("role=notes") }
        fields.append("utterances=\(page.utterances.count)")
        fields.append(contentsOf: extraFields(page.extraKeys))
        return fields.joined(separator: " ")
    }

    static func utteranceLine(_ utterance: Utterance) -> String {
        var fields = [quoted(utterance.text)]
        let prosody = utterance.prosody
        for property in Prosody.Property.allCases {
            guard let value = prosody[property] else { continue }
            let integer = prosody.integerProperties.contains(.init(property))
            fields.append("\(property.rawValue)=\(integer ? String(Int64(value)) : format(value))")
        }
        fields.append(contentsOf: prosody.otherProperties.sortedEntries.map { "\($0.key)=\(describe($0.value))" })
        fields.append(optional: utterance.language.map { "language=\($0)" })
        fields.append(optional: utterance.source.map { "source=\($0)" })
        if utterance.isNote { fields.append("note") }
        fields.append(contentsOf: extraFields(utterance.extraKeys))
        fields.append(contentsOf: utterance.pronunciations.map { pronunciationField($0, in: utterance.text) })
        return fields.joined(separator: " ")
    }

    /// `say["Hermione"]=ipa:"hɜːˈmaɪəni"(lexicon names.lexicon)`.
    static func pronunciationField(_ pronunciation: Pronunciation, in text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let range = pronunciation.range.clamped(to: 0..<scalars.count)
        let covered = String(String.UnicodeScalarView(scalars[range]))
        let spoken = switch pronunciation.spoken {
        case .phonemes(let phonemes, let alphabet): "\(alphabet.rawValue):\(quoted(phonemes))"
        case .alias(let alias): "alias:\(quoted(alias))"
        case .continued: "continued"
        }
        return "say[\(quoted(covered))]=\(spoken)(\(pronunciation.origin))"
    }

    static func extraFields(_ keys: PropertyListDictionary) -> [String] {
        keys.sortedEntries.map { "+\($0.key)=\(describe($0.value))" }
    }

    /// A compact one-line rendering of any plist value.
    public static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let string): quoted(string)
        case .integer(let integer): String(integer)
        case .real(let real): format(real) + (real.rounded() == real ? ".0" : "")
        case .boolean(let bool): String(bool)
        case .date(let date): "date(\(date.timeIntervalSinceReferenceDate))"
        case .data(let bytes): "data(\(bytes.count) bytes)"
        case .array(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
        case .dictionary(let dict):
            "{" + dict.sortedEntries.map { "\($0.key): \(describe($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    static func quoted(_ string: String) -> String { string.debugDescription }

    /// Shortest decimal that reads back as the same double; integral values
    /// without a fraction ("1", not "1.0").
    public static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

extension Array where Element == String {
    fileprivate mutating func append(optional element: String?) {
        if let element { append(element) }
    }
}
