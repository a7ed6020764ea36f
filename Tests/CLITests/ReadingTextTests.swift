import Foundation
import Testing

/// Issue 13 through the command line: the engine's text shown by
/// `dump --spoken`, `--language`, `--notes` and `--contents` on the
/// commands that read a book.
@Test func dumpSpokenShowsTheTextHandedToTheEngine() throws {
    let text = "CHAPTER XXVIII.\n\nHenry VIII met No. 5 in 1984.[1]\n"
    // With --notes the marker stays in the text, and the narrator leaves it unsaid.
    let result = try NarrateProcess.run(["dump", "--spoken", "--notes", "-"], input: Data(text.utf8))
    #expect(result.status == 0)
    #expect(result.stdoutText.contains(#""CHAPTER XXVIII.\n""#) && result.stdoutText.contains(#"spoken: "CHAPTER 28.\n""#))
    #expect(result.stdoutText.contains(#"spoken: "Henry the 8th met number 5 in 19 84.   ""#))
    let plain = try NarrateProcess.run(["dump", "-"], input: Data(text.utf8))
    #expect(!plain.stdoutText.contains("spoken:"))
}

@Test func theLanguageOptionSetsTheLanguageOfEveryCommandThatReadsABook() throws {
    let text = Data("Привет. Как дела? Хорошо, спасибо, а у тебя?\n".utf8)
    let guessed = try NarrateProcess.run(["info", "-"], input: text)
    #expect(guessed.stdoutText.contains("Language:       ru"))
    let told = try NarrateProcess.run(["info", "--language", "uk", "-"], input: text)
    #expect(told.stdoutText.contains("Language:       uk"))
    let dumped = try NarrateProcess.run(["dump", "--language", "pt-BR", "-"], input: text)
    #expect(dumped.stdoutText.hasPrefix("Book language=pt-BR"))
    let refused = try NarrateProcess.run(["import", "--language", "not a tag", "-"], input: text)
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--language not a tag: not a language tag"))
}

@Test func notesAndContentsAreReadOnlyWhenAsked() throws {
    let book = NarrateProcess.fixture("text/etymology-extracts-endnotes.txt")
    let plain = try NarrateProcess.run(["info", "-q", book])
    let withNotes = try NarrateProcess.run(["info", "-q", "--notes", book])
    #expect(plain.stdoutText.contains("Pages:          5"))
    #expect(withNotes.stdoutText.contains("Pages:          6"))
    let adventures = NarrateProcess.fixture("text/gutenberg-adventures.txt")
    let withContents = try NarrateProcess.run(["dump", "-q", "--contents", adventures])
    #expect(withContents.stdoutText.contains(#"title="Contents""#))
}

private let markedNumeralsBook = NarrateProcess.packageRoot
    .appendingPathComponent("../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub").standardized.path

/// Standard Ebooks marks every chapter number `<h2 epub:type="z3998:ordinal
/// z3998:roman">LXI</h2>`: a heading that is only a numeral is read as its
/// number.
@Test(.enabled(if: FileManager.default.fileExists(atPath: markedNumeralsBook),
    "../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub is absent (the shared corpus is not part of the project)"))
func markedRomanChapterNumbersAreReadAsNumbers() throws {
    let result = try NarrateProcess.run(["dump", "--spoken", "-q", markedNumeralsBook])
    #expect(result.status == 0)
    #expect(result.stdoutText.contains("\"LXI\\n\" rate=0.44"))
    #expect(result.stdoutText.contains("spoken: \"61\\n\""))
}
