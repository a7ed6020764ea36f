// narrate on the sentence-boundary golden rules (run by bench/golden-rules.sh).
//
//   golden-rules [golden-rules.json] [--failures]
//
// Each case's text is imported the way narrate reads any text file (lines
// into blocks, lists and headings recognised, hard wraps joined) with the
// case's language; the sentences of every block are then compared with the
// expected ones. Sentences are compared with their inner white space
// removed: narrate keeps the text exact, while the expected sentences of a
// few cases were made by a cleaner that adds or drops spaces
// (`z.B.` → `z. B.`, a line break inside Japanese). Prints, per language,
// how many cases narrate splits exactly as expected.
import BookModel
import Foundation
import Importers
import Segmentation

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
}

/// The sentences narrate finds in `text` read as a plain-text file.
func sentences(of text: String, language: String) -> [String] {
    var options = ImportOptions()
    options.language = language
    options.prosody = .none
    guard let book = try? BookImporter.importBook(bytes: Array(text.utf8), fileName: "golden.txt", options: options).book
    else { return [] }
    let splitter = SentenceSplitter(language: language)
    return book.pages.flatMap { page in
        page.displayText.split(separator: "\n").flatMap { splitter.sentences(in: String($0)) }
    }
}

/// The text without white space: what the comparison looks at.
func compact(_ text: String) -> String { String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)) }

let arguments = CommandLine.arguments.dropFirst()
let showFailures = arguments.contains("--failures")
let path = arguments.first { !$0.hasPrefix("--") } ?? "bench/golden-rules/golden-rules.json"
guard let data = FileManager.default.contents(atPath: path),
    let rules = try? JSONDecoder().decode(GoldenRules.self, from: data)
else {
    FileHandle.standardError.write(Data("golden-rules: cannot read \(path)\n".utf8))
    exit(1)
}
var passed = 0
var total = 0
for language in rules.languages {
    var right = 0
    for (number, golden) in language.cases.enumerated() {
        let found = sentences(of: golden.text, language: language.code)
        if found.map(compact) == golden.sentences.map(compact) {
            right += 1
        } else if showFailures {
            print("  \(language.code) #\(number + 1): \(found)")
        }
    }
    print("\(language.code)\t\(right)/\(language.cases.count)")
    passed += right
    total += language.cases.count
}
print("all\t\(passed)/\(total)")
