import BookModel
import Testing

@testable import Importers

/// Hostile Markdown: each ends in a book and a warning saying what was not
/// read, or one clear error, never a crash, a hang or runaway memory. The
/// sizes are those that took minutes (cmark-gfm's quadratic cases, the
/// splitter's runs of marks) before they were made linear.
struct HostileMarkdownTests {
    static func import_(_ text: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try BookImporter.importBook(bytes: Array(text.utf8), fileName: "hostile.md", options: options)
    }

    @Test(arguments: [
        ("a 40,000-cell table header", String(repeating: "|a", count: 40_000) + "|\n" + String(repeating: "|-", count: 40_000) + "|\n",
            "line 1: 2 lines with more than 256 table bars (|): read as text, not as table rows"),
        ("![[]() 50,000 times", String(repeating: "![[]()", count: 50_000),
            "line 1: a paragraph with more than 4096 link brackets ([): read as text, not as links"),
        ("the same, one to a line", String(repeating: "![[]()\n", count: 50_000),
            "line 1: a paragraph with more than 4096 link brackets ([): read as text, not as links"),
        ("100,000 nested quotes", String(repeating: "> ", count: 100_000) + "deep",
            "line 1: blocks and inlines nested 100001 deep: the HTML reader keeps 255 levels and the text deeper is not read"),
    ])
    func pathologicalMarkdownIsReadWithAWarning(label: String, text: String, warning: String) throws {
        let result = try Self.import_(text)
        #expect(result.warnings.map(\.description).contains(warning), "\(result.warnings)")
    }

    @Test func tablesPastTheirLimitAreReadAsText() throws {
        let table = "| a | b |\n|---|---|\n" + String(repeating: "| x | y |\n", count: 34_000)
        let result = try Self.import_(table)
        #expect(result.warnings.map(\.message).contains("more than 100000 table bars (|): tables are read as text, to bound memory"))
        #expect(FixtureBooks.texts(result.book).first?.hasPrefix("| a | b |") == true)
    }

    @Test func escapedBracketsAndBarsAreReadAsText() throws {
        let text = "Before.\n\n" + String(repeating: "[a ", count: 5000) + "\n\nAfter [a link](https://example.org).\n\n"
            + String(repeating: "|b", count: 300)
        let pages = FixtureBooks.texts(try Self.import_(text).book)
        #expect(pages.count == 1)
        let lines = pages.first?.split(separator: "\n") ?? []
        #expect(lines.count == 4)
        #expect(lines.first == "Before." && lines.dropFirst(2).first == "After a link.")
        #expect(lines.dropFirst().first == Substring(String(repeating: "[a ", count: 5000).dropLast()), "the brackets are text")
        #expect(lines.last == Substring(String(repeating: "|b", count: 300)), "the bars are text")
    }

    @Test func aRunOfMarksWithoutWordsIsReadWhole() throws {
        let book = try Self.import_(String(repeating: "![", count: 100_000)).book
        let text = book.pages.flatMap(\.utterances).map(\.text).joined()
        #expect(text.count == 200_000 && text.allSatisfy { $0 == "!" || $0 == "[" })
    }

    @Test func aHugeLineIsReadWhole() throws {
        let book = try Self.import_(String(repeating: "word ", count: 200_000) + "end.").book
        #expect(book.pages.flatMap(\.utterances).map(\.text).joined().split(separator: " ").count == 200_001)
    }

    @Test func binaryDataNamedMarkdownIsRefusedAsBinary() {
        let bytes = (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        #expect {
            try BookImporter.importBook(bytes: bytes, fileName: "notes.md")
        } throws: { error in
            "\(error)".hasPrefix("binary data, not text") && !"\(error)".contains("\n")
        }
    }

    @Test func aDocumentPastASixteenthOfTheFileLimitIsRefusedBeforeItIsParsed() {
        var options = ImportOptions()
        options.archiveLimits.maxEntrySize = 16 << 20
        #expect(throws: ImportError.self) { try Self.import_(String(repeating: "a\n", count: 600_000), options: options) }
        #expect(throws: Never.self) { try Self.import_(String(repeating: "a\n", count: 400_000), options: options) }
    }
}
