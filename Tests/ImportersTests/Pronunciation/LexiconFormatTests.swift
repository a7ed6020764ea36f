import BookModel
import Testing

@testable import Importers

/// Reading lexicon files: W3C PLS and narrate's text format.
struct LexiconFormatTests {
    private static let pls = """
        <?xml version="1.0" encoding="UTF-8"?>
        <lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-GB">
          <lexeme><grapheme>Hermione</grapheme><grapheme>Hermyone</grapheme><phoneme>hɜːˈmaɪəni</phoneme></lexeme>
          <lexeme><grapheme>Siobhan</grapheme>
            <phoneme alphabet="x-sampa">S@"vA:n</phoneme><phoneme prefer="true">ʃɪˈvɔːn</phoneme></lexeme>
          <lexeme><grapheme>W3C</grapheme><alias>World Wide Web Consortium</alias></lexeme>
          <lexeme><grapheme>tomato</grapheme><phoneme alphabet="x-sampa">t@"mA:t@U</phoneme></lexeme>
          <lexeme><phoneme>nothing</phoneme></lexeme>
          <lexeme><grapheme>Klingon</grapheme><phoneme alphabet="x-klingon">tlhIngan</phoneme></lexeme>
        </lexicon>
        """

    @Test func readsGraphemesPhonemesAliasesAndPreferredPronunciations() throws {
        var skipped: [LexiconError] = []
        let lexicon = try Lexicon(pls: Array(Self.pls.utf8), name: "n.pls", origin: .userLexicon("n.pls")) { skipped.append($0) }
        let entries = Dictionary(lexicon.entries.map { ($0.grapheme, $0.spoken) }, uniquingKeysWith: { a, _ in a })
        #expect(lexicon.language == "en-GB")
        #expect(entries["Hermione"] == .phonemes("hɜːˈmaɪəni", alphabet: .ipa))
        #expect(entries["Hermyone"] == .phonemes("hɜːˈmaɪəni", alphabet: .ipa))
        #expect(entries["Siobhan"] == .phonemes("ʃɪˈvɔːn", alphabet: .ipa))
        #expect(entries["W3C"] == .alias("World Wide Web Consortium"))
        #expect(entries["tomato"] == .phonemes("t@\"mA:t@U", alphabet: .xSampa))
        #expect(skipped.map(\.description) == [
            "line 8: <lexeme> has no <grapheme>",
            "line 9: alphabet \"x-klingon\" of \"Klingon\" is not ipa, x-sampa or x-espeak",
        ])
    }

    @Test func aLinksLanguageWinsOverTheFiles() throws {
        let lexicon = try Lexicon(pls: Array(Self.pls.utf8), name: "n.pls", origin: .bookLexicon("n.pls"), language: "en-US")
        #expect(lexicon.language == "en-US")
    }

    @Test(arguments: [
        ("<lexicon><lexeme>", "line 1: malformed XML: Premature end of data in tag lexeme line 1"),
        ("<?xml version=\"1.0\"?>\n<html/>", "not a PLS lexicon: the root element is not <lexicon>"),
        ("", "line 1: malformed XML: Document is empty"),
    ])
    func aBrokenPLSFileIsOneClearError(text: String, message: String) {
        #expect(throws: LexiconError.self) { try Lexicon(pls: Array(text.utf8), name: "x", origin: .userLexicon("x")) }
        do {
            _ = try Lexicon(pls: Array(text.utf8), name: "x", origin: .userLexicon("x"))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let hostile = """
            <?xml version="1.0"?>
            <!DOCTYPE lexicon [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <lexicon xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en">
              <lexeme><grapheme>root&secret;</grapheme><phoneme>ruːt</phoneme></lexeme>
            </lexicon>
            """
        let lexicon = try Lexicon(pls: Array(hostile.utf8), name: "x", origin: .userLexicon("x"))
        #expect(lexicon.entries.map(\.grapheme) == ["root"])
    }

    @Test func aFileOver32MBIsRefused() {
        let big = [UInt8](repeating: UInt8(ascii: " "), count: (32 << 20) + 1)
        #expect(throws: LexiconError("larger than 32 MB")) { try Lexicon(text: big, name: "x", origin: .userLexicon("x")) }
        #expect(throws: LexiconError("larger than 32 MB")) { try Lexicon(pls: big, name: "x", origin: .userLexicon("x")) }
    }

    @Test func readsTheTextFormat() throws {
        let text = "# names\n\nHermione\t/hɜːˈmaɪəni/\r\nSiobhan\t shiv-AWN \nQuxbrilt\t[[kw'Uksbrilt]]\nNew York\tNoo Yawk\n"
        let lexicon = try Lexicon(text: Array(text.utf8), name: "b.lexicon", origin: .userLexicon("b.lexicon"))
        #expect(lexicon.language == nil)
        #expect(lexicon.entries.map(\.grapheme) == ["Hermione", "Siobhan", "Quxbrilt", "New York"])
        #expect(lexicon.entries.map(\.spoken) == [
            .phonemes("hɜːˈmaɪəni", alphabet: .ipa), .alias("shiv-AWN"), .phonemes("kw'Uksbrilt", alphabet: .espeak),
            .alias("Noo Yawk"),
        ])
    }

    @Test(arguments: [
        ("Hermione /hɜːˈmaɪəni/\n", "line 1: expected WORD, a tab, then what to say (text, /IPA/ or [[espeak]])"),
        ("ok\tfine\n\tnothing\n", "line 2: the word before the tab is empty"),
        ("# c\nword\t\n", "line 2: nothing to say after the tab"),
        ("\u{FF}\u{FE}w\0", "not UTF-8 text"),
    ])
    func aBadTextLineIsNamed(text: String, message: String) {
        var bytes = Array(text.utf8)
        if text.hasPrefix("\u{FF}") { bytes = [0xFF, 0xFE, 0x77, 0x00] }
        #expect(throws: LexiconError.self) { try Lexicon(text: bytes, name: "x", origin: .userLexicon("x")) }
        do { _ = try Lexicon(text: bytes, name: "x", origin: .userLexicon("x")) } catch { #expect(error.description == message) }
    }
}
