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
    /// - Parameter spoken: when given, the text the engine is handed for
    ///   each utterance of a page, shown after it as `spoken="…"`.
    public static func render(_ book: Book, spoken: ((Page) -> [String])? = nil) -> String {
        var lines = [bookLine(book)]
        for (index, page) in book.pages.enumerated() {
            let lastPage = index == book.pages.count - 1
            lines.append((lastPage ? "└─ " : "├─ ") + pageLine(page, number: index + 1))
            let indent = lastPage ? "   " : "│  "
            let spokenTexts = spoken?(page)
            for (uIndex, utterance) in page.utterances.enumerated() {
                let branch = uIndex == page.utterances.count - 1 ? "└─ " : "├─ "
                var line = indent + branch + utteranceLine(utterance)
                if let spokenTexts, spokenTexts.indices.contains(uIndex) { line += " spoken=" + quoted(spokenTexts[uIndex]) }
                lines.append(line)
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
        fields.append(contentsOf: extraFields(utterance.extraKeys))
        return fields.joined(separator: " ")
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
