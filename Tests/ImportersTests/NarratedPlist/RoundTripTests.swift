import BookModel
import Foundation
import Importers
import TestSupport
import Testing

@testable import Exporters
@testable import PropertyLists

/// Generates random books to check that export then import gives the same
/// book back, in every format.
private struct BookGenerator {
    var random: SplitMix64
    /// JSON cannot keep dates and data as their own types.
    var allowsDatesAndData: Bool

    private let alphabet = Array("abcXYZ 019 \t\n\u{1}\u{1F}\r\\&<>\"'];]]>éßøñ日本語😀\u{2060}\u{00A0}—…")

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

    mutating func string() -> String {
        var text = String((0..<int(0...12)).map { _ in alphabet[int(0...(alphabet.count - 1))] })
        if chance(30) { text = "  " + text + " " }
        return text
    }

    mutating func number() -> (Double, isInteger: Bool) {
        if chance(30) { return (Double(int(-3...3)), true) }
        return ([0.5, 1.2, 0.1, 1e-7, 2.0, 0.333, -1.5, 1e300][int(0...7)], false)
    }

    mutating func value(depth: Int = 0) -> PropertyListValue {
        switch int(0...(depth > 2 ? 4 : 7)) {
        case 0: return .string(string())
        case 1: return .integer(Int64(int(-1000...1000)) * (chance(10) ? Int64.max / 1000 : 1))
        case 2: return .real(number().0)
        case 3: return .boolean(chance(50))
        case 4: return allowsDatesAndData ? .date(Date(timeIntervalSince1970: Double(int(0...2_000_000_000)))) : .string(string())
        case 5: return allowsDatesAndData ? .data((0..<int(0...20)).map { _ in UInt8(int(0...255)) }) : .integer(5)
        case 6: return .array((0..<int(0...3)).map { _ in value(depth: depth + 1) })
        default: return .dictionary(dictionary(depth: depth + 1))
        }
    }

    mutating func dictionary(depth: Int = 0, avoiding reserved: Set<String> = []) -> PropertyListDictionary {
        var dictionary = PropertyListDictionary()
        for _ in 0..<int(0...2) {
            let key = "k" + string()
            if !reserved.contains(key) { dictionary[key] = value(depth: depth) }
        }
        return dictionary
    }

    mutating func prosody() -> Prosody {
        var prosody = Prosody()
        for property in Prosody.Property.allCases where chance(50) {
            let (value, isInteger) = number()
            prosody[property] = value
            if isInteger { prosody.integerProperties.insert(.init(property)) }
        }
        if chance(20) { prosody.otherProperties = dictionary() }
        return prosody
    }

    mutating func utterance() -> Utterance {
        var utterance = Utterance(string(), prosody: chance(80) ? prosody() : Prosody())
        if chance(20) { utterance.language = ["fr", "de-CH", "ja"][int(0...2)] }
        if chance(20) { utterance.source = SourceLocation(resource: chance(50) ? "OEBPS/c.xhtml" : nil, line: int(1...500), column: chance(50) ? int(1...80) : nil) }
        if chance(10) { utterance.extraKeys = dictionary() }
        if chance(15) { utterance.isNote = true }
        return utterance
    }

    mutating func book() -> Book {
        var book = Book()
        if chance(50) {
            book.metadata = BookMetadata(title: string(), authors: (0..<int(0...2)).map { _ in string() }, language: "en", identifier: chance(50) ? "urn:uuid:1" : nil, sourceFile: chance(50) ? "x.epub" : nil)
        }
        book.extraKeys = dictionary()
        book.pages = (0..<int(0...4)).map { _ in
            var page = Page(title: chance(30) ? string() : nil, backgroundImage: chance(50) ? string() : nil)
            page.utterances = (0..<int(0...6)).map { _ in utterance() }
            page.extraKeys = dictionary()
            return page
        }
        return book
    }
}

@Test(arguments: PropertyListFormat.allCases)
func exportThenImportGivesTheSameBook(format: PropertyListFormat) throws {
    var generator = BookGenerator(random: SplitMix64(seed: 2014), allowsDatesAndData: format != .json)
    let inputFormat: InputFormat = switch format {
    case .xml: .xmlPropertyList
    case .binary: .binaryPropertyList
    case .json: .jsonPropertyList
    }
    for _ in 0..<300 {
        let book = generator.book()
        let bytes = try NarratedPlistWriter.bytes(of: book, format: format)
        let back = try Importing.plist(bytes: bytes, format: inputFormat).book
        #expect(back == book)
        if back != book { break }
    }
}

@Test func theTutorialFixtureExportsBackByteForByte() throws {
    let original = try PackageFixtures.bytes("plist/WhirlySquirrelly.plist")
    let book = try Importing.plist(bytes: original, format: .xmlPropertyList).book
    #expect(try NarratedPlistWriter.bytes(of: book, format: .xml) == original)
}

@Test func foundationReadsWhatWeWriteInBothAppleFormats() throws {
    let book = try Importing.plist(
        bytes: try PackageFixtures.bytes("plist/WhirlySquirrelly.plist"), format: .xmlPropertyList).book
    for format in [PropertyListFormat.xml, .binary] {
        let data = Data(try NarratedPlistWriter.bytes(of: book, format: format))
        let root = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        let pages = root?["bookPages"] as? [[String: Any]]
        #expect(pages?.count == 3)
        let first = (pages?.first?["utterances"] as? [[String: Any]])?.first
        #expect(first?["utteranceString"] as? String == "Whisky, ")
        #expect((first?["utteranceProperties"] as? [String: Any])?["rate"] as? Double == 1.2)
        #expect(pages?.last?["utterances"] as? String == "The squirrel sleeps. The end.")
    }
}

@Test func weReadWhatFoundationWritesInBothAppleFormats() throws {
    let root: [String: Any] = [
        "bookPages": [
            ["backgroundImage": "a.jpg",
             "utterances": [["utteranceString": "Hi ", "utteranceProperties": ["rate": 0.25, "pitchMultiplier": 2]]]],
        ],
        "extra": ["nested": [1, 2.5, true, "s"]],
    ]
    for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
        let data = try PropertyListSerialization.data(fromPropertyList: root, format: format, options: 0)
        let inputFormat: InputFormat = format == .xml ? .xmlPropertyList : .binaryPropertyList
        let book = try Importing.plist(bytes: [UInt8](data), format: inputFormat).book
        #expect(book.pages[0].utterances[0].text == "Hi ")
        #expect(book.pages[0].utterances[0].prosody.rate == 0.25)
        #expect(book.pages[0].utterances[0].prosody.pitchMultiplier == 2)
        #expect(book.extraKeys["extra"] != nil)
    }
}
