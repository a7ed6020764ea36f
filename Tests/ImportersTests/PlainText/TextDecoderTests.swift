import Importers
import Testing

private let sample = "Café crème — “naïve” résumé.\nSecond line… © 2024.\n\nAutre paragraphe.\n"
private let latin1Sample = "Café crème - \"naïve\" résumé.\nSecond line... © 2024.\n\nAutre paragraphe.\n"

@Test(arguments: [
    ("utf8-bom-crlf.txt", TextEncoding.utf8, sample, false),
    ("utf16le-bom.txt", .utf16LittleEndian, sample, false),
    ("utf16be-bom.txt", .utf16BigEndian, sample, false),
    ("utf16le-no-bom.txt", .utf16LittleEndian, sample, true),
    ("windows1252.txt", .windows1252, sample, true),
    ("latin1.txt", .windows1252, latin1Sample, true),
])
func detectsTheEncodingAndNormalisesLineEnds(_ file: String, _ encoding: TextEncoding, _ text: String, _ warns: Bool) throws {
    let decoder = TextDecoder(bytes: try PlainTextFixture.bytes(file))
    #expect(decoder.encoding == encoding)
    #expect(decoder.text == text)
    #expect(decoder.warnings.isEmpty == !warns)
}

@Test(arguments: ["a\r\nb\r\n", "a\rb\r", "a\nb\n", "a\r\nb\r"])
func everyLineEndBecomesALineFeed(_ text: String) {
    #expect(TextDecoder(bytes: Array(text.utf8)).text == "a\nb\n")
}

@Test func dropsNULsAndControlCharacters() throws {
    let decoder = TextDecoder(bytes: try PlainTextFixture.bytes("controls-and-nul.txt"))
    #expect(decoder.text == "Bell and NUL.\nOld Mac line.[0m\n")
}

@Test func invalidUTF8AfterABOMIsRepairedWithAWarning() {
    let decoder = TextDecoder(bytes: [0xEF, 0xBB, 0xBF, 0x41, 0xFF, 0x42])
    #expect(decoder.encoding == .utf8)
    #expect(decoder.text == "A\u{FFFD}B")
    #expect(decoder.warnings.count == 1)
}

@Test func oddUTF16AndLoneSurrogatesDoNotStopDecoding() {
    let decoder = TextDecoder(bytes: [0xFF, 0xFE, 0x41, 0x00, 0x00, 0xD8, 0x42])
    #expect(decoder.text == "A\u{FFFD}")
    #expect(decoder.warnings.count == 2)
}

@Test func emptyInputIsEmptyUTF8() {
    let decoder = TextDecoder(bytes: [])
    #expect(decoder.text.isEmpty && decoder.encoding == .utf8 && decoder.warnings.isEmpty)
}

@Test(.enabled(if: PlainTextFixture.corpusIsPresent, "../shared/corpus/text is absent"), arguments: [
    ("en_alice.utf8.txt", TextEncoding.utf8),
    ("en_alice.utf16-bom.txt", .utf16LittleEndian),
    ("fr_ubuntu-packaging-guide.latin1.txt", .windows1252),
])
func detectsTheCorpusEncodings(_ file: String, _ encoding: TextEncoding) throws {
    let bytes = try #require(PlainTextFixture.corpus(file))
    let decoder = TextDecoder(bytes: bytes)
    #expect(decoder.encoding == encoding)
    #expect(!decoder.text.contains("\u{FFFD}"))
    #expect(decoder.text.contains("é") || decoder.text.contains("’"))
}
