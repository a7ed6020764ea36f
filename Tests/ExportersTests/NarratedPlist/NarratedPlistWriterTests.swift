import BookModel
import Testing

@testable import Exporters
@testable import PropertyLists

/// A book with each kind of thing the writer puts in a plist: metadata, a
/// page of one plain utterance, a background image, prosody authored as a
/// real and as an integer, a language, a source and a note.
private let tinyBook = Book(
    metadata: BookMetadata(title: "Tiny", authors: ["Ann Lee"], language: "en"),
    pages: [
        Page(title: "One", utterances: [Utterance("Hello.")]),
        Page(backgroundImage: "p2.jpg", utterances: [
            Utterance("Hi ", prosody: Prosody(rate: 0.4, volume: 1, integerProperties: [.init(.volume)])),
            Utterance("là.", language: "fr", source: SourceLocation(resource: "ch1.xhtml", line: 3, column: 7), isNote: true),
        ]),
    ])

/// The tiny book as the tutorial's app and narrate's own keys expect it.
private let tinyPlist = PropertyListValue.dictionary([
    "bookPages": .array([
        .dictionary(["narratePageTitle": .string("One"), "utterances": .string("Hello.")]),
        .dictionary([
            "backgroundImage": .string("p2.jpg"),
            "utterances": .array([
                .dictionary([
                    "utteranceString": .string("Hi "),
                    "utteranceProperties": .dictionary(["rate": .real(0.4), "volume": .integer(1)]),
                ]),
                .dictionary([
                    "utteranceString": .string("là."),
                    "utteranceProperties": .dictionary([:]),
                    "narrateLanguage": .string("fr"),
                    "narrateNote": .boolean(true),
                    "narrateSource": .dictionary([
                        "resource": .string("ch1.xhtml"), "line": .integer(3), "column": .integer(7),
                    ]),
                ]),
            ]),
        ]),
    ]),
    "narrateBookMetadata": .dictionary([
        "title": .string("Tiny"), "authors": .array([.string("Ann Lee")]), "language": .string("en"),
    ]),
])

/// The reader of each format.
private func read(_ bytes: [UInt8], format: PropertyListFormat) throws -> PropertyListValue {
    switch format {
    case .xml: try XMLPropertyListParser.parse(bytes)
    case .binary: try BinaryPropertyListReader.parse(bytes)
    case .json: try JSONPropertyListParser.parse(bytes)
    }
}

@Test(arguments: PropertyListFormat.allCases)
func writesABookThatItsFormatsReaderReadsBackKeyForKey(_ format: PropertyListFormat) throws {
    let bytes = try NarratedPlistWriter.bytes(of: tinyBook, format: format)
    #expect(try read(bytes, format: format) == tinyPlist)
}

@Test(arguments: PropertyListFormat.allCases)
func writesTheSameBytesToASinkAsInMemory(_ format: PropertyListFormat) throws {
    var written: [UInt8] = []
    try NarratedPlistWriter.write(tinyBook, format: format, to: ByteSink(chunkSize: 16) { written += $0 })
    #expect(written == (try NarratedPlistWriter.bytes(of: tinyBook, format: format)))
}

/// The `<key>` elements of an XML plist, in document order.
private func keys(inXML bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "<key>").dropFirst()
        .map { String($0.prefix { $0 != "<" }) }
}

@Test func writesKeysSortedAsApplesWritersDo() throws {
    let book = Book(metadata: BookMetadata(title: "T"), pages: [Page(utterances: [
        Utterance("a", language: "fr", prosody: Prosody(rate: 0.5, pitchMultiplier: 1.1), source: SourceLocation(resource: "r")),
        Utterance("b", extraKeys: ["zebra": .boolean(true), "apple": .integer(2)]),
    ])])
    let bytes = try NarratedPlistWriter.bytes(of: book, format: .xml)
    #expect(keys(inXML: bytes) == [
        "bookPages", "utterances",
        "narrateLanguage", "narrateSource", "resource", "utteranceProperties", "pitchMultiplier", "rate", "utteranceString",
        "apple", "utteranceProperties", "utteranceString", "zebra",
        "narrateBookMetadata", "title",
    ])
}

@Test func everyProsodyPropertyIsWrittenUnderItsNameInEachFormat() throws {
    #expect(Prosody.Property.allCases.allSatisfy { $0.staticName.description == $0.rawValue })
    let prosody = Prosody(rate: 0.5, pitchMultiplier: 1.25, volume: 1, preUtteranceDelay: 0.1, postUtteranceDelay: 2,
        integerProperties: [.init(.volume), .init(.postUtteranceDelay)])
    let book = Book(pages: [Page(utterances: [Utterance("All five.", prosody: prosody), Utterance("None.")])])
    for format in PropertyListFormat.allCases {
        let utterances = try read(NarratedPlistWriter.bytes(of: book, format: format), format: format)["bookPages"]?
            .array?.first?["utterances"]?.array
        #expect(utterances?.first?["utteranceProperties"] == .dictionary([
            "rate": .real(0.5), "pitchMultiplier": .real(1.25), "volume": .integer(1),
            "preUtteranceDelay": .real(0.1), "postUtteranceDelay": .integer(2),
        ]), "\(format)")
    }
}

@Test func anEmptyBookIsADictionaryWithNoPages() throws {
    let bytes = try NarratedPlistWriter.bytes(of: Book(), format: .xml)
    #expect(try XMLPropertyListParser.parse(bytes) == .dictionary(["bookPages": .array([])]))
}

@Test func aRealJSONCannotHoldIsRefusedAndXMLWritesIt() throws {
    let book = Book(pages: [Page(utterances: [Utterance("Odd.", prosody: Prosody(rate: .infinity))])])
    #expect(throws: PropertyListError.self) { try NarratedPlistWriter.bytes(of: book, format: .json) }
    let xml = try XMLPropertyListParser.parse(try NarratedPlistWriter.bytes(of: book, format: .xml))
    #expect(xml["bookPages"]?.array?.first?["utterances"]?.array?.first?["utteranceProperties"]?["rate"] == .real(.infinity))
}

/// Sources that repeat from one utterance to the next (as a paragraph's
/// do), alternate, differ only in their resource or column, lack a field,
/// or recur on another page: each is read back as written, whatever the
/// sink's chunk size (an earlier rendering is copied only while buffered).
@Test(arguments: [16, 1 << 20])
func sourcesThatRepeatAreWrittenAsTheirOwn(chunkSize: Int) throws {
    let resources: [String?] = ["ch1.xhtml", "ch2.xhtml", nil, "a very long resource name/text/chapter-0001.xhtml"]
    var expected: [[BookModel.SourceLocation?]] = []
    for page in 0..<6 {
        var sources: [BookModel.SourceLocation?] = []
        for index in 0..<40 {
            let source: BookModel.SourceLocation? = switch index % 7 {
            case 0: nil
            case 1, 2, 3: BookModel.SourceLocation(resource: resources[page % 4], line: index / 3 + 1)
            case 4: BookModel.SourceLocation(resource: resources[(page + 1) % 4], line: index / 3 + 1)
            case 5: BookModel.SourceLocation(resource: resources[page % 4], line: index / 3 + 1, column: index)
            default: BookModel.SourceLocation(resource: resources[page % 4], line: nil, column: index % 2 == 0 ? nil : 3)
            }
            sources.append(source)
        }
        expected.append(sources)
    }
    let book = Book(pages: expected.map { sources in
        Page(utterances: sources.map { Utterance("Said.", prosody: Prosody(rate: 0.5), source: $0) })
    })
    var written: [UInt8] = []
    try NarratedPlistWriter.write(book, format: .xml, to: ByteSink(chunkSize: chunkSize) { written += $0 })
    guard case .dictionary(let root) = try XMLPropertyListParser.parse(written),
        case .array(let pages)? = root["bookPages"]
    else { Issue.record("no pages"); return }
    #expect(pages.count == expected.count)
    for (page, sources) in zip(pages, expected) {
        guard case .dictionary(let fields) = page, case .array(let utterances)? = fields["utterances"] else {
            Issue.record("a page without utterances")
            continue
        }
        let read = utterances.map { utterance -> PropertyListValue? in
            guard case .dictionary(let keys) = utterance else { return nil }
            return keys["narrateSource"]
        }
        let wanted = sources.map { source -> PropertyListValue? in
            guard let source else { return nil }
            var dictionary = PropertyListDictionary()
            if let resource = source.resource { dictionary["resource"] = .string(resource) }
            if let line = source.line { dictionary["line"] = .integer(Int64(line)) }
            if let column = source.column { dictionary["column"] = .integer(Int64(column)) }
            return .dictionary(dictionary)
        }
        #expect(read == wanted)
    }
}
