import BookModel
import PropertyLists

/// Writes a ``Book`` as a narrated-book plist that the tutorial's app loads,
/// with narrate's extra keys (metadata, page titles, utterance languages and
/// sources) where the app does not look. Keys are written sorted, as Apple's
/// writers do; the plist is streamed to a ``ByteSink``.
public enum NarratedPlistWriter {
    /// Writes `book` in `format` to `sink` and flushes it.
    /// - Throws: whatever the sink's writer throws, or ``ImportError`` for a
    ///   value the format cannot hold (NaN in JSON).
    public static func write(_ book: Book, format: PropertyListFormat, to sink: ByteSink) throws {
        switch format {
        case .xml:
            var emitter = XMLPropertyListEmitter(sink: sink)
            try emit(book, to: &emitter)
        case .json:
            var emitter = JSONPropertyListEmitter(sink: sink)
            try emit(book, to: &emitter)
        case .binary:
            var counter = BinaryPropertyListCounter()
            try emit(book, to: &counter)
            var emitter = BinaryPropertyListEmitter(sink: sink, objectCount: counter.objectCount)
            try emit(book, to: &emitter)
        }
    }

    /// The book as a plist in memory (for tests and small books).
    public static func bytes(of book: Book, format: PropertyListFormat) throws -> [UInt8] {
        final class Collector { var bytes: [UInt8] = [] }
        let collector = Collector()
        try write(book, format: format, to: ByteSink { collector.bytes += $0 })
        return collector.bytes
    }

    /// The book as plist events.
    public static func emit(_ book: Book, to emitter: inout some PropertyListEmitter) throws {
        var root = book.extraKeys
        root[NarratedPlistKeys.bookPages] = .array([])  // placeholder for ordering
        let metadata = metadataDictionary(book.metadata)
        if !metadata.isEmpty { root[NarratedPlistKeys.bookMetadata] = .dictionary(metadata) }
        try emitter.beginDictionary(count: root.count)
        for entry in root.sortedEntries {
            try emitter.key(entry.key)
            if entry.key == NarratedPlistKeys.bookPages {
                try emitter.beginArray(count: book.pages.count)
                try emitter.independentItems(Array(book.pages.indices)) { index, emitter in
                    try emit(book.pages[index], number: index, to: &emitter)
                }
                try emitter.endArray()
            } else {
                try emitter.value(entry.value)
            }
        }
        try emitter.endDictionary()
        try emitter.finish()
    }

    // MARK: Levels

    /// Page `number` (from 0) of the book.
    private static func emit(_ page: Page, number: Int, to emitter: inout some PropertyListEmitter) throws {
        var fields = page.extraKeys
        if let image = page.backgroundImage { fields[NarratedPlistKeys.backgroundImage] = .string(image) }
        if let title = page.title { fields[NarratedPlistKeys.pageTitle] = .string(title) }
        let asString = page.utterances.count == 1 && isPlain(page.utterances[0])
        fields[NarratedPlistKeys.utterances] = asString ? .string(page.utterances[0].text) : .array([])
        try emitter.beginDictionary(count: fields.count)
        for entry in fields.sortedEntries {
            try emitter.key(entry.key)
            if entry.key == NarratedPlistKeys.utterances, !asString {
                try emitter.beginArray(count: page.utterances.count)
                var origins = PronunciationPlist.OriginNames()
                var sources = SourceKeys(page: number)
                // Read in place, field by field: a copy of each utterance (which
                // passing an element, even borrowed, made) retained and released
                // every string in it.
                try page.utterances.withUnsafeBufferPointer { utterances in
                    guard let first = utterances.baseAddress else { return }
                    for index in utterances.indices {
                        try emit(first + index, origins: &origins, sources: &sources, to: &emitter)
                    }
                }
                try emitter.endArray()
            } else {
                try emitter.value(entry.value)
            }
        }
        try emitter.endDictionary()
    }

    /// An utterance that the tutorial's string form (`utterances` = one
    /// string) represents exactly.
    private static func isPlain(_ utterance: Utterance) -> Bool {
        utterance.prosody.isEmpty && utterance.language == nil && utterance.source == nil
            && utterance.extraKeys.isEmpty && utterance.pronunciations.isEmpty && !utterance.isNote
    }

    private static func emit(
        _ element: UnsafePointer<Utterance>, origins: inout PronunciationPlist.OriginNames,
        sources: inout SourceKeys, to emitter: inout some PropertyListEmitter
    ) throws {
        if element.pointee.extraKeys.isEmpty, element.pointee.prosody.otherProperties.isEmpty {
            try emitKnownKeys(of: element, origins: &origins, sources: &sources, to: &emitter)
            return
        }
        let utterance = element.pointee
        var fields = utterance.extraKeys
        fields[NarratedPlistKeys.utteranceString] = .string(utterance.text)
        // Always present: the tutorial's loader passes it to
        // setValuesForKeysWithDictionary: without checking.
        fields[NarratedPlistKeys.utteranceProperties] = .dictionary(propertiesDictionary(utterance.prosody))
        if let language = utterance.language { fields[NarratedPlistKeys.utteranceLanguage] = .string(language) }
        if utterance.isNote { fields[NarratedPlistKeys.utteranceNote] = .boolean(true) }
        if let source = utterance.source { fields[NarratedPlistKeys.utteranceSource] = .dictionary(sourceDictionary(source)) }
        if !utterance.pronunciations.isEmpty {
            fields[NarratedPlistKeys.utterancePronunciations] = PronunciationPlist.value(
                utterance.pronunciations, text: utterance.text)
        }
        try emitter.beginDictionary(count: fields.count)
        for entry in fields.sortedEntries {
            try emitter.key(entry.key)
            try emitter.value(entry.value)
        }
        try emitter.endDictionary()
    }

    /// The common case, without building dictionaries: an utterance with only
    /// the keys narrate knows, written in sorted key order.
    private static func emitKnownKeys(
        of utterance: UnsafePointer<Utterance>, origins: inout PronunciationPlist.OriginNames,
        sources: inout SourceKeys, to emitter: inout some PropertyListEmitter
    ) throws {
        let count = 2 + (utterance.pointee.language == nil ? 0 : 1) + (utterance.pointee.source == nil ? 0 : 1)
            + (utterance.pointee.pronunciations.isEmpty ? 0 : 1) + (utterance.pointee.isNote ? 1 : 0)
        try emitter.beginDictionary(count: count)
        if let language = utterance.pointee.language {
            try emitter.entry(static: UtteranceKey.language, string: language)
        }
        if utterance.pointee.isNote {
            try emitter.key(static: UtteranceKey.note)
            try emitter.boolean(true)
        }
        if !utterance.pointee.pronunciations.isEmpty {
            try emitter.key(static: UtteranceKey.pronunciations)
            try PronunciationPlist.emit(
                utterance.pointee.pronunciations, text: utterance.pointee.text, origins: &origins, to: &emitter)
        }
        if let source = utterance.pointee.source {
            try emitter.repeatable(sources.key(of: source)) { emitter in
                try emitter.key(static: UtteranceKey.source)
                try emit(source, to: &emitter)
            }
        }
        // The closure takes the prosody alone: capturing the utterance copied it.
        let prosody = utterance.pointee.prosody
        try emitter.repeatable(repeatKey(of: prosody)) { emitter in
            try emitter.key(static: UtteranceKey.properties)
            try emitProperties(of: prosody, to: &emitter)
        }
        try utterance.pointee.text.withUTF8Bytes { try emitter.entry(static: UtteranceKey.string, utf8: $0) }
        try emitter.endDictionary()
    }

    /// The known prosody properties' dictionary, keys in sorted order.
    private static func emitProperties(of prosody: Prosody, to emitter: inout some PropertyListEmitter) throws {
        var present = 0
        for property in Prosody.Property.sortedByName where prosody[property] != nil { present += 1 }
        try emitter.beginDictionary(count: present)
        for property in Prosody.Property.sortedByName {
            guard let value = prosody[property] else { continue }
            if prosody.integerProperties.contains(.init(property)), let integer = Int64(exactly: value) {
                try emitter.entry(static: property.staticName, integer: integer)
            } else {
                try emitter.entry(static: property.staticName, real: value)
            }
        }
        try emitter.endDictionary()
    }

    /// What the known properties' dictionary is written from: each value's
    /// bits, which are present, which are integers (a book has few distinct
    /// prosodies, so the XML of most is copied, not written again).
    private static func repeatKey(of prosody: Prosody) -> RepeatKey {
        let values = (prosody.rate, prosody.pitchMultiplier, prosody.volume, prosody.preUtteranceDelay,
            prosody.postUtteranceDelay)
        let present = (values.0 == nil ? 0 : 1) | (values.1 == nil ? 0 : 2) | (values.2 == nil ? 0 : 4)
            | (values.3 == nil ? 0 : 8) | (values.4 == nil ? 0 : 16)
        return RepeatKey((
            values.0?.bitPattern ?? 0, values.1?.bitPattern ?? 0, values.2?.bitPattern ?? 0,
            values.3?.bitPattern ?? 0,
            values.4?.bitPattern ?? 0, UInt64(present) | UInt64(prosody.integerProperties.rawValue) << 8
        ))
    }

    /// A source location's dictionary, keys in sorted order.
    private static func emit(_ source: SourceLocation, to emitter: inout some PropertyListEmitter) throws {
        let count = (source.column == nil ? 0 : 1) + (source.line == nil ? 0 : 1) + (source.resource == nil ? 0 : 1)
        try emitter.beginDictionary(count: count)
        if let column = source.column {
            try emitter.entry(static: UtteranceKey.column, integer: Int64(column))
        }
        if let line = source.line {
            try emitter.entry(static: UtteranceKey.line, integer: Int64(line))
        }
        if let resource = source.resource {
            try emitter.entry(static: UtteranceKey.resource, string: resource)
        }
        try emitter.endDictionary()
    }

    // MARK: Dictionaries

    static func propertiesDictionary(_ prosody: Prosody) -> PropertyListDictionary {
        var dictionary = prosody.otherProperties
        for property in Prosody.Property.allCases {
            guard let value = prosody[property] else { continue }
            let asInteger = prosody.integerProperties.contains(.init(property))
            if asInteger, let integer = Int64(exactly: value) {
                dictionary[property.rawValue] = .integer(integer)
            } else {
                dictionary[property.rawValue] = .real(value)
            }
        }
        return dictionary
    }

    static func metadataDictionary(_ metadata: BookMetadata) -> PropertyListDictionary {
        var dictionary = PropertyListDictionary()
        if let title = metadata.title { dictionary[NarratedPlistKeys.title] = .string(title) }
        if !metadata.authors.isEmpty { dictionary[NarratedPlistKeys.authors] = .array(metadata.authors.map { .string($0) }) }
        if let language = metadata.language { dictionary[NarratedPlistKeys.language] = .string(language) }
        if let identifier = metadata.identifier { dictionary[NarratedPlistKeys.identifier] = .string(identifier) }
        if let source = metadata.sourceFile { dictionary[NarratedPlistKeys.sourceFile] = .string(source) }
        return dictionary
    }

    static func sourceDictionary(_ source: SourceLocation) -> PropertyListDictionary {
        var dictionary = PropertyListDictionary()
        if let resource = source.resource { dictionary[NarratedPlistKeys.resource] = .string(resource) }
        if let line = source.line { dictionary[NarratedPlistKeys.line] = .integer(Int64(line)) }
        if let column = source.column { dictionary[NarratedPlistKeys.column] = .integer(Int64(column)) }
        return dictionary
    }
}

private typealias UtteranceKey = NarratedPlistKeys.UtteranceKey

/// The keys under which one page's source dictionaries repeat: most
/// utterances share their paragraph's line with the one before, so the
/// dictionary is rendered once and copied
/// (``PropertyListEmitter/repeatable(_:_:)``). A key holds the page's
/// number and the resource's place among the page's resources, never a
/// hash of the text: equal keys are equal dictionaries.
private struct SourceKeys {
    /// Set in the last word, which a prosody's key keeps under 2¹⁶.
    private static let marker: UInt64 = 1 << 63
    private let page: UInt64
    private var resources: [String] = []

    init(page: Int) {
        self.page = UInt64(page)
    }

    mutating func key(of source: SourceLocation) -> RepeatKey {
        var present: UInt64 = 0
        var resourceNumber: UInt64 = 0
        if let resource = source.resource {
            present |= 1
            if let index = resources.firstIndex(of: resource) {
                resourceNumber = UInt64(index)
            } else {
                resourceNumber = UInt64(resources.count)
                resources.append(resource)
            }
        }
        if source.line != nil { present |= 2 }
        if source.column != nil { present |= 4 }
        return RepeatKey((
            page, resourceNumber, UInt64(bitPattern: Int64(source.line ?? 0)),
            UInt64(bitPattern: Int64(source.column ?? 0)), present, Self.marker
        ))
    }
}

extension Prosody.Property {
    /// The property's name as a key fixed when narrate is built
    /// (``PropertyListEmitter/key(static:)``): its `rawValue`.
    package var staticName: StaticString {
        switch self {
        case .rate: "rate"
        case .pitchMultiplier: "pitchMultiplier"
        case .volume: "volume"
        case .preUtteranceDelay: "preUtteranceDelay"
        case .postUtteranceDelay: "postUtteranceDelay"
        }
    }
}
