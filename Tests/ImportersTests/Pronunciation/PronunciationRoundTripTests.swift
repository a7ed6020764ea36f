import BookModel
import Foundation
import Importers
import Testing

@testable import Exporters
@testable import PropertyLists

/// Pronunciations survive export and import in every plist format, in
/// `narratePronunciations` beside the utterance's properties, never inside.
struct PronunciationRoundTripTests {
    static let book: Book = {
        var utterance = Utterance("Hermione's 30° in Reading: W3C, thirty ", prosody: Prosody(rate: 0.5))
        utterance.pronunciations = [
            Pronunciation(range: 0..<8, spoken: .phonemes("hɜːˈmaɪəni", alphabet: .ipa), origin: .userLexicon("names.lexicon")),
            Pronunciation(range: 11..<14, spoken: .phonemes("\"T3`ti", alphabet: .xSampa), origin: .inline),
            Pronunciation(range: 18..<25, spoken: .phonemes("r'EdIN", alphabet: .espeak), origin: .bookLexicon("OEBPS/l.pls")),
            Pronunciation(range: 27..<30, spoken: .alias("World Wide Web Consortium"), origin: .bookLexicon("OEBPS/l.pls")),
        ]
        var next = Utterance("degrees.")
        next.pronunciations = [Pronunciation(range: 0..<7, spoken: .continued, origin: .inline)]
        return Book(metadata: BookMetadata(title: "T", language: "en"), pages: [Page(utterances: [utterance, next])])
    }()

    @Test(arguments: [PropertyListFormat.xml, .binary, .json])
    func pronunciationsComeBackAsTheyWent(format: PropertyListFormat) throws {
        let bytes = try NarratedPlistWriter.bytes(of: Self.book, format: format)
        let read = try BookImporter.importBook(bytes: bytes, fileName: "b.plist").book
        #expect(read.pages[0].utterances.map(\.pronunciations) == Self.book.pages[0].utterances.map(\.pronunciations))
        #expect(read.pages[0].utterances.map(\.text) == Self.book.pages[0].utterances.map(\.text))
    }

    @Test func theyLieBesideUtterancePropertiesNeverInside() throws {
        let xml = String(decoding: try NarratedPlistWriter.bytes(of: Self.book, format: .xml), as: UTF8.self)
        let properties = xml.components(separatedBy: "<key>utteranceProperties</key>")[1]
            .components(separatedBy: "</dict>")[0]
        #expect(!properties.contains("narrate"))
        #expect(!properties.contains("phonemes"))
        #expect(xml.contains("<key>narratePronunciations</key>"))
    }

    @Test(arguments: [
        ("<dict><key>location</key><integer>5</integer><key>length</key><integer>9</integer><key>alias</key><string>x</string></dict>",
         "bookPages[0].utterances[0].narratePronunciations[0].location: expected a location and length inside the utterance's text"),
        ("<dict><key>location</key><integer>0</integer><key>length</key><integer>2</integer><key>text</key><string>zz</string><key>alias</key><string>x</string></dict>",
         "bookPages[0].utterances[0].narratePronunciations[0].text: \"zz\" is no longer at that place in the text"),
        ("<dict><key>location</key><integer>0</integer><key>length</key><integer>2</integer><key>phonemes</key><string>x</string><key>alphabet</key><string>klingon</string></dict>",
         "bookPages[0].utterances[0].narratePronunciations[0].alphabet: unknown alphabet 'klingon' (ipa, x-sampa or x-espeak)"),
        ("<string>x</string>", "bookPages[0].utterances[0].narratePronunciations[0]: expected a dictionary, found string"),
    ])
    func aDamagedEntryNamesItsKeyPath(entry: String, message: String) {
        let plist = """
            <plist><dict><key>bookPages</key><array><dict><key>utterances</key><array><dict>
            <key>utteranceString</key><string>Hello</string><key>utteranceProperties</key><dict/>
            <key>narratePronunciations</key><array>\(entry)</array></dict></array></dict></array></dict></plist>
            """
        #expect(throws: (any Error).self) { try BookImporter.importBook(bytes: Array(plist.utf8), fileName: "b.plist") }
        do { _ = try BookImporter.importBook(bytes: Array(plist.utf8), fileName: "b.plist") } catch {
            #expect("\(error)".hasSuffix(message), "\(error)")
        }
    }
}
