import BookModel
import Foundation
import Importers
import Testing
import TestSupport

@testable import Segmentation

/// The golden rules of bench/golden-rules/golden-rules.json (pragmatic_segmenter's
/// 52 English Golden Rules and pySBD's per-language tests), read as
/// text files the way `narrate import` reads them; bench/golden-rules.sh
/// prints the same scores beside pySBD's.
struct GoldenRules: Decodable {
    struct Language: Decodable {
        var code: String
        var cases: [Case]
    }
    struct Case: Decodable {
        var text: String
        var sentences: [String]
    }
    var languages: [Language]

    static let url = PackageFixtures.root.appendingPathComponent("bench/golden-rules/golden-rules.json")

    /// The cases narrate fails, by language and 1-based number: the one the
    /// Golden Rules' own authors leave unsolved (`6 P.M. Mr. Smith`), and an
    /// Arabic case that splits at commas (pySBD fails the same number of
    /// Arabic cases, another one).
    static let knownFailures: [String: Set<Int>] = ["en": [18], "ar": [5]]
}

/// The sentences narrate finds in `text` read as a text file: every block's
/// grammatical sentences, compared without white space (the expected ones
/// were made by a cleaner that adds or drops a space here and there).
private func sentences(of text: String, language: String) -> [String] {
    var options = ImportOptions()
    options.language = language
    options.prosody = .none
    let book = Importing.text(bytes: Array(text.utf8), options: options).book
    let splitter = SentenceSplitter(language: language)
    return book.pages.flatMap { page in
        page.displayText.split(separator: "\n").flatMap { splitter.sentences(in: String($0)) }
    }.map(compact)
}

private func compact(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
}

@Test func passesTheGoldenRulesOfEveryLanguageAsWellAsPySBD() throws {
    let rules = try JSONDecoder().decode(GoldenRules.self, from: Data(contentsOf: GoldenRules.url))
    #expect(rules.languages.count == 23)
    for language in rules.languages {
        let failures = language.cases.indices.filter { index in
            sentences(of: language.cases[index].text, language: language.code)
                != language.cases[index].sentences.map(compact)
        }.map { $0 + 1 }
        #expect(Set(failures) == GoldenRules.knownFailures[language.code] ?? [], "\(language.code)")
    }
}
