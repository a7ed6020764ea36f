import BookModel
import PropertyLists

/// The steps of reading a narrated-book plist, one per level of the format.
/// Key paths for messages are built only when something is wrong.
struct NarratedPlistDecoder {
    typealias Keys = NarratedPlistKeys

    /// Out-of-range values seen, per property: the first key path and how many.
    private var outOfRange: [Prosody.Property: (path: String, value: Double, count: Int)] = [:]
    private var pagesWithoutUtterances: [Int] = []
    /// Keys inside `utteranceProperties` that are not AVSpeechUtterance
    /// properties, in the order first met: where each was first and how often.
    private var unknownProperties: [(key: String, path: String, count: Int)] = []

    /// Builds the book, releasing each page's part of the tree as soon as the
    /// page is built, so a large plist is not held twice.
    mutating func book(from root: consuming PropertyListValue) throws(ImportError) -> Book {
        let rootType = root.typeName
        guard case .dictionary(var dictionary) = consume root else {
            throw .invalidStructure(keyPath: "", message: "expected a dictionary at the top level, found \(rootType)")
        }
        guard let pagesValue = dictionary[Keys.bookPages] else {
            throw .invalidStructure(
                keyPath: Keys.bookPages, message: "missing: a narrated-book plist has a top-level bookPages array")
        }
        guard case .array(var pageValues) = consume pagesValue else {
            throw typeError(Keys.bookPages, "an array", dictionary[Keys.bookPages] ?? .array([]))
        }
        dictionary[Keys.bookPages] = nil
        var book = Book()
        if let metadata = dictionary[Keys.bookMetadata] {
            book.metadata = try self.metadata(from: metadata)
            dictionary[Keys.bookMetadata] = nil
        }
        book.extraKeys = dictionary
        book.pages.reserveCapacity(pageValues.count)
        for index in pageValues.indices {
            let value = pageValues[index]
            pageValues[index] = .boolean(false)
            book.pages.append(try page(from: value, index: index))
        }
        return book
    }

    func warnings() -> [Warning] {
        var warnings: [Warning] = []
        for property in Prosody.Property.allCases {
            guard let seen = outOfRange[property] else { continue }
            let range = property.validRange
            let upper = range.upperBound == .greatestFiniteMagnitude ? "" : BookDump.format(range.upperBound)
            var message = "\(BookDump.format(seen.value)) is outside AVSpeech's range "
                + "\(BookDump.format(range.lowerBound))…\(upper) (kept as authored)"
            if seen.count > 1 { message += "; \(seen.count) \(property.rawValue) values are out of range" }
            warnings.append(Warning(message, at: seen.path))
        }
        for unknown in unknownProperties {
            warnings.append(Warning(
                "'\(unknown.key)' is not an AVSpeechUtterance property: the tutorial's app crashes on it "
                    + "(setValuesForKeysWithDictionary:); kept as authored"
                    + (unknown.count > 1 ? " (\(unknown.count) utterances have it)" : ""),
                at: unknown.path))
        }
        if let first = pagesWithoutUtterances.first {
            let count = pagesWithoutUtterances.count
            warnings.append(
                Warning(
                    "page has no utterances key" + (count > 1 ? " (\(count) pages)" : ""),
                    at: "\(Keys.bookPages)[\(first)]"))
        }
        return warnings
    }

    // MARK: Levels

    func metadata(from value: PropertyListValue) throws(ImportError) -> BookMetadata {
        let path = Keys.bookMetadata
        guard case .dictionary(let dictionary) = value else { throw typeError(path, "a dictionary", value) }
        var metadata = BookMetadata()
        metadata.title = try optionalString(dictionary, Keys.title, path)
        metadata.language = try optionalString(dictionary, Keys.language, path)
        metadata.identifier = try optionalString(dictionary, Keys.identifier, path)
        metadata.sourceFile = try optionalString(dictionary, Keys.sourceFile, path)
        if let authors = dictionary[Keys.authors] {
            let authorsPath = "\(path).\(Keys.authors)"
            guard case .array(let items) = authors else { throw typeError(authorsPath, "an array", authors) }
            for (index, item) in items.enumerated() {
                guard case .string(let name) = item else { throw typeError("\(authorsPath)[\(index)]", "a string", item) }
                metadata.authors.append(name)
            }
        }
        return metadata
    }

    mutating func page(from value: PropertyListValue, index: Int) throws(ImportError) -> Page {
        let path = "\(Keys.bookPages)[\(index)]"
        guard case .dictionary(var dictionary) = value else { throw typeError(path, "a dictionary", value) }
        var page = Page()
        page.backgroundImage = try optionalString(dictionary, Keys.backgroundImage, path)
        page.title = try optionalString(dictionary, Keys.pageTitle, path)
        switch dictionary[Keys.utterances] {
        case .string(let text)?:
            page.utterances = [Utterance(text)]
        case .array(let items)?:
            page.utterances.reserveCapacity(items.count)
            for (uIndex, item) in items.enumerated() {
                page.utterances.append(try utterance(from: item, path: "\(path).\(Keys.utterances)[\(uIndex)]"))
            }
        case let other?:
            throw typeError("\(path).\(Keys.utterances)", "an array or a string", other)
        case nil:
            pagesWithoutUtterances.append(index)
        }
        for key in [Keys.backgroundImage, Keys.pageTitle, Keys.utterances] { dictionary[key] = nil }
        page.extraKeys = dictionary
        return page
    }

    private mutating func utterance(from value: PropertyListValue, path: @autoclosure () -> String)
        throws(ImportError) -> Utterance
    {
        guard case .dictionary(let dictionary) = value else { throw typeError(path(), "a dictionary", value) }
        var utterance = Utterance("")
        var text: String?
        var extras = PropertyListDictionary()
        var pronunciations: PropertyListValue?
        for entry in dictionary {
            switch entry.key {
            case Keys.utteranceString:
                guard case .string(let string) = entry.value else {
                    throw typeError("\(path()).\(Keys.utteranceString)", "a string", entry.value)
                }
                text = string
            case Keys.utteranceProperties:
                utterance.prosody = try prosody(from: entry.value, path: "\(path()).\(Keys.utteranceProperties)")
            case Keys.utteranceLanguage:
                guard case .string(let language) = entry.value else {
                    throw typeError("\(path()).\(Keys.utteranceLanguage)", "a string", entry.value)
                }
                utterance.language = language
            case Keys.utteranceNote:
                guard case .boolean(let isNote) = entry.value else {
                    throw typeError("\(path()).\(Keys.utteranceNote)", "a boolean", entry.value)
                }
                utterance.isNote = isNote
            case Keys.utteranceSource:
                utterance.source = try sourceLocation(from: entry.value, path: "\(path()).\(Keys.utteranceSource)")
            case Keys.utterancePronunciations:
                pronunciations = entry.value
            default:
                extras[entry.key] = entry.value
            }
        }
        guard let text else { throw .invalidStructure(keyPath: "\(path()).\(Keys.utteranceString)", message: "missing") }
        utterance.text = text
        utterance.extraKeys = extras
        if let pronunciations {
            utterance.pronunciations = try Self.pronunciations(from: pronunciations, text: text, path: path())
        }
        return utterance
    }

    private mutating func prosody(from value: PropertyListValue, path: @autoclosure () -> String)
        throws(ImportError) -> Prosody
    {
        guard case .dictionary(let dictionary) = value else { throw typeError(path(), "a dictionary", value) }
        var prosody = Prosody()
        var others = PropertyListDictionary()
        for entry in dictionary {
            guard let property = Prosody.Property(rawValue: entry.key) else {
                others[entry.key] = entry.value
                noteUnknown(entry.key, "\(path()).\(entry.key)")
                continue
            }
            guard let number = entry.value.numberValue else {
                throw typeError("\(path()).\(entry.key)", "a number", entry.value)
            }
            if case .integer = entry.value { prosody.integerProperties.insert(.init(property)) }
            prosody[property] = number
            if !property.validRange.contains(number) { noteOutOfRange(property, number, "\(path()).\(entry.key)") }
        }
        prosody.otherProperties = others
        return prosody
    }

    private func sourceLocation(from value: PropertyListValue, path: String) throws(ImportError) -> SourceLocation {
        guard case .dictionary(let dictionary) = value else { throw typeError(path, "a dictionary", value) }
        var location = SourceLocation()
        location.resource = try optionalString(dictionary, Keys.resource, path)
        for key in [Keys.line, Keys.column] {
            guard let item = dictionary[key] else { continue }
            guard case .integer(let number) = item, let int = Int(exactly: number) else {
                throw typeError("\(path).\(key)", "an integer", item)
            }
            if key == Keys.line { location.line = int } else { location.column = int }
        }
        return location
    }

    private static func pronunciations(from value: PropertyListValue, text: String, path: String)
        throws(ImportError) -> [Pronunciation]
    {
        switch PronunciationPlist.pronunciations(from: value, text: text) {
        case .success(let pronunciations): return pronunciations
        case .failure(let problem):
            var keyPath = "\(path).\(Keys.utterancePronunciations)"
            if let index = problem.index { keyPath += "[\(index)]" }
            if !problem.key.isEmpty { keyPath += ".\(problem.key)" }
            throw .invalidStructure(keyPath: keyPath, message: problem.message)
        }
    }

    // MARK: Helpers

    private mutating func noteUnknown(_ key: String, _ path: @autoclosure () -> String) {
        if let index = unknownProperties.firstIndex(where: { $0.key == key }) {
            unknownProperties[index].count += 1
        } else {
            unknownProperties.append((key, path(), 1))
        }
    }

    private mutating func noteOutOfRange(_ property: Prosody.Property, _ value: Double, _ path: String) {
        if let seen = outOfRange[property] {
            outOfRange[property]?.count = seen.count + 1
        } else {
            outOfRange[property] = (path, value, 1)
        }
    }

    private func optionalString(_ dictionary: PropertyListDictionary, _ key: String, _ path: String)
        throws(ImportError) -> String?
    {
        guard let value = dictionary[key] else { return nil }
        guard case .string(let string) = value else { throw typeError("\(path).\(key)", "a string", value) }
        return string
    }

    private func typeError(_ path: String, _ expected: String, _ found: PropertyListValue) -> ImportError {
        var description = found.typeName
        switch found {
        case .string(let string): description += " " + (string.count > 40 ? "\"\(string.prefix(40))…\"" : string.debugDescription)
        case .integer, .real, .boolean: description += " " + BookDump.describe(found)
        default: break
        }
        return .invalidStructure(keyPath: path, message: "expected \(expected), found \(description)")
    }
}
