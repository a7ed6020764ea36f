import Foundation
import Testing

/// Copies a fixture into a fresh folder, as a user's file would be.
private func scene(_ fixture: String) throws -> (directory: URL, name: String) {
    let directory = try NarrateProcess.temporaryDirectory()
    let name = URL(fileURLWithPath: fixture).lastPathComponent
    try FileManager.default.copyItem(atPath: NarrateProcess.fixture(fixture), toPath: directory.appendingPathComponent(name).path)
    return (directory, name)
}

@Test(arguments: [
    ("not-books/sheet.ods", "an OpenDocument spreadsheet (ODS): narrate reads EPUB, FB2, HTML, DOCX, ODT, MOBI, AZW3, Markdown, PDF, plain text and narrated-book plists; save it as plain text or EPUB first"),
    ("not-books/comic.cbz", "a comic-book archive (CBZ) of images: narrate reads EPUB, FB2, HTML, DOCX, ODT, MOBI, AZW3, Markdown, PDF, plain text and narrated-book plists; it holds no text to read"),
    ("not-books/photo.jpg", "a JPEG image: narrate reads EPUB, FB2, HTML, DOCX, ODT, MOBI, AZW3, Markdown, PDF, plain text and narrated-book plists; it holds no text to read"),
    ("not-books/story.txt.gz", "a gzip-compressed file (of story.txt): narrate reads EPUB, FB2, HTML, DOCX, ODT, MOBI, AZW3, Markdown, PDF, plain text and narrated-book plists; decompress it first: gunzip -k FILE"),
    ("misnamed/prose.plist", "the name ends in .plist but the file is not a narrated-book plist: it looks like plain text (rename it .txt to read it as text)"),
    ("misnamed/prose.epub", "the name ends in .epub but the file is not an EPUB (a zip archive): it looks like plain text (rename it .txt to read it as text)"),
    ("text/empty.txt", "the input is empty (0 bytes): there is nothing to read"),
    ("epub/truncated.epub", "truncated: the file ends after 2297 bytes, before the list of files every zip ends with; copy or download it again"),
])
func whatIsNotABookIsRefusedInOneLineAndNothingIsWritten(fixture: String, message: String) throws {
    let (directory, name) = try scene(fixture)
    let result = try NarrateProcess.run(["import", name, "-o", "out.plist"], in: directory)
    #expect(result.status == 1)
    #expect(result.stderr == "narrate: \(name): \(message)\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [name])
}

@Test func aProgramIsRefusedAsAProgram() throws {
    let result = try NarrateProcess.run(["info", "/bin/ls"])
    #expect(result.status == 1)
    #expect(result.stderr == "narrate: /bin/ls: an executable program (ELF): narrate reads EPUB, FB2, HTML, DOCX, ODT, MOBI, AZW3, Markdown, PDF, plain text and narrated-book plists; it holds no text to read\n")
}

@Test func emptyInputIsTheSameRefusalWhateverItsNameOrSource() throws {
    let directory = try NarrateProcess.temporaryDirectory()
    for name in ["empty.txt", "empty.epub", "empty.plist", "empty"] {
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data())
        let result = try NarrateProcess.run(["info", name], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr == "narrate: \(name): the input is empty (0 bytes): there is nothing to read\n")
    }
    let standardInput = try NarrateProcess.run(["info", "-"], input: Data())
    #expect(standardInput.stderr == "narrate: <stdin>: the input is empty (0 bytes): there is nothing to read\n")
}

@Test func zipLimitsAreAbsoluteSizesThatZipLimitRaises() throws {
    let bomb = NarrateProcess.fixture("epub/zip-bomb.epub")
    let refused = try NarrateProcess.run(["info", "-q", bomb])
    #expect(refused.status == 1)
    #expect(refused.stderr == "narrate: \(bomb): bomb.xhtml: entry expands to 100 MB, more than the limit of 64 MB (zip bomb?); "
        + "if the book is genuine, raise the limit with --zip-limit MB\n")
    let raised = try NarrateProcess.run(["info", "-q", bomb, "--zip-limit", "128"])
    #expect(raised.status == 0)
    let repetitive = try NarrateProcess.run(["info", "-q", NarrateProcess.fixture("epub/repetitive-700-to-1.epub")])
    #expect(repetitive.status == 0)
    #expect(repetitive.stdoutText.contains("Title:          The Chant\n"))
}

@Test(arguments: [
    (["import", "book.txt", "-o", "-q"], "narrate: option '-o' needs a value, found the option '-q' (for a file of that name, write ./-q)"),
    (["import", "book.txt", "--output", "--force"], "narrate: option '--output' needs a value, found the option '--force' (for a file of that name, write ./--force)"),
    (["speak", "book.txt", "--from", "0"], "narrate: --from: expected PAGE or PAGE:UTTERANCE, whole numbers from 1, found '0'"),
    (["speak", "book.txt", "--pages", "2-x"], "narrate: --pages: expected PAGE, FIRST-LAST or FIRST-, whole numbers from 1, found '2-x'"),
    (["read", "book.txt", "--from", "0"], "narrate: --from: expected a whole number from 1, found '0'"),
    (["read", "book.txt", "--from", "1.5"], "narrate: --from: expected a whole number from 1, found '1.5'"),
    (["info", "book.epub", "--zip-limit", "lots"], "narrate: --zip-limit: expected a whole number from 1, found 'lots'"),
    (["speak", "book.txt", "--rate", "9"], "narrate: --rate: expected a number from 0.25 to 4, found '9'"),
    (["speak", "book.txt", "--pause", "sentence=4x"], "narrate: --pause: expected KIND=MS[,KIND=MS…] with KIND sentence, paragraph or chapter and MS whole milliseconds from 0 to 60000, found 'sentence=4x'"),
    (["info", "book.txt", "--pause", "breath=300"], "narrate: --pause: expected KIND=MS[,KIND=MS…] with KIND sentence, paragraph or chapter and MS whole milliseconds from 0 to 60000, found 'breath=300'"),
    (["read", "book.txt", "--pause", "chapter=-1"], "narrate: --pause: expected KIND=MS[,KIND=MS…] with KIND sentence, paragraph or chapter and MS whole milliseconds from 0 to 60000, found 'chapter=-1'"),
    (["speak", "book.txt", "--pause", "sentence=300,"], "narrate: --pause: expected KIND=MS[,KIND=MS…] with KIND sentence, paragraph or chapter and MS whole milliseconds from 0 to 60000, found 'sentence=300,'"),
    (["speak", "book.txt", "--pause", "paragraph=90000"], "narrate: --pause: expected KIND=MS[,KIND=MS…] with KIND sentence, paragraph or chapter and MS whole milliseconds from 0 to 60000, found 'paragraph=90000'"),
    (["import", "https://example.org/book.epub"], "narrate: INPUT 'https://example.org/book.epub' is a URL; narrate reads local files: download it first (for example with curl -O) and give the file"),
])
func optionMistakesAreUsageErrorsThatSayWhatWasExpected(arguments: [String], firstLine: String) throws {
    try expectUsageError(arguments, firstLine: firstLine)
}

@Test func aFileNamedLikeAnOptionIsWrittenWhenSpelledAsAPath() throws {
    let directory = try NarrateProcess.temporaryDirectory()
    let result = try NarrateProcess.run(["import", "-q", NarrateProcess.fixture("plist/WhirlySquirrelly.plist"), "-o", "./-q"], in: directory)
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("-q").path))
}

@Test func aBadVoiceIsReportedBeforeTheInputIsRead() throws {
    // windows1252.txt warns about its encoding when it is read.
    let book = NarrateProcess.fixture("text/windows1252.txt")
    for command in ["speak", "read"] {
        let result = try NarrateProcess.run([command, book, "--voice", "no-such-voice", "-o", "/dev/null"].filter {
            command == "speak" || ($0 != "-o" && $0 != "/dev/null")
        })
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("narrate: --voice: unknown voice 'no-such-voice'"), "\(command): \(result.stderr)")
        #expect(!result.stderr.contains("warning:"))
    }
}

/// `narrate info` says what each input was read as (issue 26).
@Test(arguments: [
    ("fb2/squirrel.fb2", "FB2"), ("fb2/squirrel.fb2.zip", "FB2"), ("html/page.html", "HTML"), ("html/page.htmlz", "HTML"),
    ("office/letter.docx", "DOCX"), ("office/letter.odt", "ODT"), ("epub/nav-links-miss-their-folder.epub", "EPUB"),
    ("plist/WhirlySquirrelly.plist", "XML plist"),
])
func infoSaysTheFormat(fixture: String, format: String) throws {
    let result = try NarrateProcess.run(["info", NarrateProcess.fixture(fixture)])
    #expect(result.status == 0)
    #expect(result.stdoutText.contains("Format:         \(format)\n"))
}
