import BookModel
import Foundation
import TestSupport
import Testing

@testable import BookFiles
@testable import Importers

/// The book's own pronunciations: `ssml:ph` in the XHTML and the PLS
/// lexicons of fixtures/epub/pronunciation.
struct EPUBPronunciationTests {
    private static func book(_ options: ImportOptions = ImportOptions()) throws -> ImportResult {
        let archive = try DirectoryArchive(root: PackageFixtures.url("epub/pronunciation").path)
        return try Importing.epub(archive, options: options)
    }

    private static func said(_ utterance: Utterance) -> [String] {
        let scalars = Array(utterance.text.unicodeScalars)
        return utterance.pronunciations.map { pronunciation in
            let word = String(String.UnicodeScalarView(scalars[pronunciation.range]))
            return switch pronunciation.spoken {
            case .phonemes(let phonemes, let alphabet): "\(word)=\(alphabet.rawValue):\(phonemes)"
            case .alias(let alias): "\(word)=\(alias)"
            case .continued: "\(word)=…"
            }
        }
    }

    @Test func linkedLexiconsSayTheirWordsInTheirLanguage() throws {
        let pages = try Self.book().book.pages
        #expect(Self.said(pages[0].utterances[1]) == [
            "Hermione=ipa:hɜːˈmaɪəni", "Siobhan=ipa:ʃɪˈvɔːn", "Hermione=ipa:hɜːˈmaɪəni", "Reading=ipa:ˈɹɛdɪŋ",
        ])
        #expect(Self.said(pages[0].utterances[2]) == ["W3C=World Wide Web Consortium", "w3c=World Wide Web Consortium"])
        #expect(pages[0].utterances[3].language == "fr")
        #expect(Self.said(pages[0].utterances[3]) == ["Hermione=ipa:ɛʁmjɔn", "Montréal=ipa:mɔ̃ʁeal"])
        #expect(pages[0].utterances[1].pronunciations.allSatisfy {
            $0.origin == .bookLexicon("OEBPS/lexicons/names-en.pls")
        })
    }

    @Test func ssmlPhonemesOverrideLexiconsInIPAAndXSAMPA() throws {
        let page = try Self.book().book.pages[1]
        #expect(Self.said(page.utterances[1]) == ["30°=ipa:ˈθɝti dɪˈɡɹiz"])
        #expect(Self.said(page.utterances[2]) == ["Hermione=x-sampa:h3:\"maI@ni", "tomatoes=x-sampa:\"tQm"])
        #expect(page.utterances[2].pronunciations.allSatisfy { $0.origin == .inline })
        #expect(page.displayText.contains("It was 30° in the shade."))
    }

    @Test func whatCannotBeUsedIsAWarning() throws {
        let warnings = try Self.book().warnings.map(\.description)
        #expect(warnings == [
            "OEBPS/lexicons/names-en.pls: lexeme skipped: line 22: <lexeme> has no <grapheme>",
            "OEBPS/chapter2.xhtml:9: ssml:alphabet \"x-klingon\" is not ipa or x-sampa; its ssml:ph is not used",
        ])
    }

    @Test func aPhraseCutIntoWordsIsSaidOnceByItsFirstWord() throws {
        var options = ImportOptions()
        options.granularity = .word
        let page = try Self.book(options).book.pages[1]
        let said = page.utterances.flatMap(Self.said)
        #expect(said.contains("30°=ipa:ˈθɝti dɪˈɡɹiz"))
        var epub = TestEPUB()
        epub.add("c.xhtml", "<p xmlns:ssml=\"http://www.w3.org/2001/10/synthesis\">It was <span ssml:ph=\"ˈθɝti dɪˈɡɹiz\">thirty degrees</span> out.</p>")
        let words = try epub.importBook(options).book.pages[0].utterances
        #expect(words.flatMap(Self.said) == ["thirty=ipa:ˈθɝti dɪˈɡɹiz", "degrees=…"])
    }

    @Test func aDocumentWithoutLinksUsesEveryLexiconOfTheBook() throws {
        var epub = TestEPUB()
        epub.add("c.xhtml", "<p>Siobhan came.</p>")
        let pls = try PackageFixtures.bytes("epub/pronunciation/OEBPS/lexicons/names-en.pls")
        epub.extraEntries = [("OEBPS/names.pls", pls)]
        epub.manifestExtras = ["<item id=\"lex\" href=\"names.pls\" media-type=\"application/pls+xml\"/>"]
        let result = try epub.importBook()
        #expect(Self.said(result.book.pages[0].utterances[0]) == ["Siobhan=ipa:ʃɪˈvɔːn"])
    }
}

/// `rel` values made of words, spaces, tabs and case changes (and a few
/// beyond ASCII): a link is a lexicon exactly when the value's words, cut
/// at spaces by Character, include `pronunciation` in any case.
@Test func aLinkIsALexiconWhenItsRelNamesPronunciation() {
    let pieces = ["pronunciation", "Pronunciation", "PRONUNCIATION", "stylesheet", " ", "  ", "\t", "pron", "unciation",
                  "é", " \u{301}", "x"]
    var rels = [""]
    for _ in 0..<3 { rels = rels.flatMap { rel in pieces.map { rel + $0 } } }
    for rel in rels {
        let words = rel.lowercased().split(separator: " ")
        #expect(InlinePhonemeReader.isPronunciation(rel: rel) == words.contains("pronunciation"), "\(rel.debugDescription)")
    }
}
