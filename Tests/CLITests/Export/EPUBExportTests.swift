import BookModel
import Foundation
import Importers
import Testing
import TestSupport

/// `narrate import BOOK -o BOOK.epub` (issue 26): from every input kind the
/// EPUB passes EPUBCheck with no error and no warning, and importing it
/// again gives the book imported directly: the same pages, titles and
/// utterance texts (a plist's authored utterances are compared as page
/// text, since an EPUB's are split into sentences again).
struct EPUBExportTests {
    static let corpus = PackageFixtures.root.appendingPathComponent("../shared/corpus").standardized
    static let hasCorpus = FileManager.default.fileExists(atPath: corpus.path)

    /// Fixtures of each kind narrate reads, with the options that matter for
    /// them: one or two of each kind (EPUBCheck takes 0.5–2 s of CPU a book).
    static let fixtures: [(file: String, options: [String])] = [
        ("text/gutenberg-adventures.txt", []), ("plist/WhirlySquirrelly.plist", []),
        ("epub/nav-links-miss-their-folder.epub", []), ("fb2/notes.fb2", ["--notes"]), ("fb2/metadata-and-cover.fb2", []),
        ("html/headings.html", []), ("html/page.htmlz", []),
        ("office/notes.docx", ["--notes"]), ("office/headings.odt", []),
        ("mobi/metadata-and-cover.azw3", []), ("mobi/sections-and-titles.mobi", []), ("pdf/outline.pdf", []),
        ("markdown/notes-and-tables.md", ["--notes"]),
    ]

    /// Corpus books: a novel (EPUB 3), poetry with notes, Japanese, plain text.
    static let corpusBooks: [(file: String, options: [String])] = [
        ("epub/se_jane-austen_pride-and-prejudice.epub", []), ("epub/idpf_wasteland.epub", ["--notes"]),
        ("epub/idpf_kusamakura-japanese-vertical-writing.epub", []), ("text/en_alice.utf8.txt", []),
    ]

    @Test(arguments: fixtures)
    func aFixtureWrittenAsEPUBIsValidAndReadsBackAlike(file: String, options: [String]) throws {
        try expectConvertsCleanly(NarrateProcess.fixture(file), options: options)
    }

    @Test(.enabled(if: hasCorpus, "../shared/corpus is absent"), arguments: corpusBooks)
    func aCorpusBookWrittenAsEPUBIsValidAndReadsBackAlike(file: String, options: [String]) throws {
        try expectConvertsCleanly(Self.corpus.appendingPathComponent(file).path, options: options)
    }

    @Test func formatEPUBNamesTheOutputAfterTheInputAndRefusesToOverwrite() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = NarrateProcess.fixture("plist/WhirlySquirrelly.plist")
        let first = try NarrateProcess.run(["import", "-q", input, "--format", "epub"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let output = directory.appendingPathComponent("WhirlySquirrelly.epub")
        let bytes = try Data(contentsOf: output)
        #expect(bytes.prefix(4) == Data("PK\u{3}\u{4}".utf8))
        let again = try NarrateProcess.run(["import", "-q", input, "--format", "epub"], in: directory)
        #expect(again.status == 1)
        #expect(again.stderr == "narrate: WhirlySquirrelly.epub: already exists (use --force to overwrite)\n")
        #expect(try Data(contentsOf: output) == bytes)
        let forced = try NarrateProcess.run(["import", "-q", input, "-o", "WhirlySquirrelly.epub", "--force"], in: directory)
        #expect(forced.status == 0, "\(forced.stderr)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["WhirlySquirrelly.epub"])
    }

    @Test func anEPUBGoesToStandardOutputWithDashAndReadsBack() throws {
        let result = try NarrateProcess.run(["import", "-q", NarrateProcess.fixture("fb2/squirrel.fb2"), "--format", "epub", "-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        let book = try BookImporter.importBook(bytes: [UInt8](result.stdout), fileName: "squirrel.epub").book
        let direct = try BookImporter.importBook(bytes: PackageFixtures.bytes("fb2/squirrel.fb2"), fileName: "squirrel.fb2").book
        #expect(book.utterances.map(\.text) == direct.utterances.map(\.text))
    }

    @Test func aBookThatCannotBeReadLeavesNoOutput() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try NarrateProcess.run(["import", NarrateProcess.fixture("fb2/not-well-formed.fb2"), "-o", "out.epub"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("narrate: ") && result.stderr.contains("not-well-formed.fb2: line "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aMissingPictureIsAWarningAndFatalWithStrict() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>bookPages</key><array><dict><key>backgroundImage</key><string>gone.png</string>
            <key>utterances</key><string>Hello there.</string></dict></array></dict></plist>
            """
        try Data(plist.utf8).write(to: directory.appendingPathComponent("pictured.plist"))
        let message = "the page picture gone.png is missing, over 64 MB or not a JPEG, PNG, GIF or SVG image; left out"
        let strict = try NarrateProcess.run(["import", "pictured.plist", "-o", "strict.epub", "--strict"], in: directory)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("narrate: pictured.plist: \(message)"), "\(strict.stderr)")
        let lenient = try NarrateProcess.run(["import", "pictured.plist", "-o", "lenient.epub"], in: directory)
        #expect(lenient.status == 0)
        #expect(lenient.stderr == "warning: pictured.plist: \(message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["lenient.epub", "pictured.plist"])
    }

    /// Markup, entities, control characters and noncharacters in every
    /// field of a plist are escaped or left out: EPUBCheck finds nothing.
    @Test(.enabled(if: EPUBCheck.isAvailable, "epubcheck is not installed"))
    func hostileTextIsEscapedAndTheBookStaysValid() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hostile = "&lt;p&gt;&amp;amp; &lt;/body&gt;]]&gt; &quot;&#x1;&#xB;&#x7F;&#xFFFE;&#x202E;"
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>narrateBookMetadata</key><dict><key>title</key><string>\(hostile)</string>
            <key>authors</key><array><string>\(hostile)</string></array><key>language</key><string>x&amp;y</string></dict>
            <key>bookPages</key><array><dict><key>narratePageTitle</key><string>\(hostile)</string>
            <key>utterances</key><string>\(hostile) text</string></dict></array></dict></plist>
            """
        try Data(plist.utf8).write(to: directory.appendingPathComponent("hostile.plist"))
        let result = try NarrateProcess.run(["import", "-q", "hostile.plist", "-o", "hostile.epub"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let check = try EPUBCheck.run(directory.appendingPathComponent("hostile.epub").path)
        #expect(check.isClean, "\(check.output)")
    }

    // MARK: Helpers

    /// Converts `input`, checks the EPUB with EPUBCheck (when installed)
    /// and compares its import with the input's.
    /// A lexicon (`--lexicon`, a book's PLS, `ssml:ph`) changes what the
    /// EPUB says as it changes every other output: importing the EPUB gives
    /// the pronunciations the direct import gives, with words split or not.
    @Test(arguments: ["sentence", "word"])
    func pronunciationsReachTheEPUB(split: String) throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lexicon = directory.appendingPathComponent("names.lexicon")
        try Data("Sherlock\t/ʃɜːlɒk/\nWatson\tDoctor Watson\n".utf8).write(to: lexicon)
        let cases: [(input: String, options: [String])] = [
            (NarrateProcess.fixture("text/gutenberg-adventures.txt"), ["--lexicon", lexicon.path]),
            (NarrateProcess.fixture("epub/pronunciation"), []),
        ]
        for (input, options) in cases {
            let output = directory.appendingPathComponent("out.epub")
            let result = try NarrateProcess.run(["import", "-q", input, "-o", output.path, "--force", "--split", split] + options)
            try #require(result.status == 0, "\(result.stderr)")
            if EPUBCheck.isAvailable {
                let check = try EPUBCheck.run(output.path)
                #expect(check.isClean, "\(check.output)")
            }
            let direct = try NarrateProcess.run(["dump", "-q", input, "--split", split] + options)
            let again = try NarrateProcess.run(["dump", "-q", output.path, "--split", split])
            let said = { (dump: String) in dump.split(separator: "\n").flatMap { line in
                line.split(separator: " say[").dropFirst().map { $0.prefix { $0 != "(" } }
            } }
            #expect(!said(direct.stdoutText).isEmpty, "\(input) says some words by its lexicons")
            #expect(said(again.stdoutText) == said(direct.stdoutText), "\(input)")
        }
    }

    private func expectConvertsCleanly(_ input: String, options: [String]) throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.epub")
        let result = try NarrateProcess.run(["import", "-q", input, "-o", output.path] + options)
        try #require(result.status == 0, "\(result.stderr)")
        if EPUBCheck.isAvailable {
            let check = try EPUBCheck.run(output.path)
            #expect(check.isClean, "\(check.output)")
        }
        var importOptions = ImportOptions()
        importOptions.readsNotes = options.contains("--notes")
        let direct = try BookImporter.importBook(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: input))),
            fileName: input, options: importOptions).book
        let again = try BookImporter.importBook(bytes: [UInt8](Data(contentsOf: output)), fileName: output.path,
            options: importOptions).book
        expectSameText(again, as: direct, authoredUtterances: input.hasSuffix(".plist"))
        #expect((again.metadata.coverImage != nil) == (direct.metadata.coverImage != nil), "the cover is carried")
    }

    /// The same pages, titled alike (a book with no titled page has its
    /// first page titled with the book's title, its one contents entry),
    /// with the same utterances, or for a plist the same page text.
    private func expectSameText(_ again: Book, as direct: Book, authoredUtterances: Bool) {
        #expect(again.pages.count == direct.pages.count)
        var titles = direct.pages.map { $0.title.map(collapsed) }
        if titles.allSatisfy({ $0 == nil }), !titles.isEmpty { titles[0] = again.pages.first?.title }
        #expect(again.pages.map { $0.title.map(collapsed) } == titles)
        for (page, expected) in zip(again.pages, direct.pages) {
            if authoredUtterances {
                #expect(collapsed(page.displayText) == collapsed(expected.displayText))
            } else {
                #expect(page.utterances.map(\.text) == expected.utterances.map(\.text), "page \(expected.title ?? "")")
            }
        }
    }

    /// White space runs, no-break spaces too, as one space (an EPUB's
    /// contents labels are read with their white space collapsed).
    private func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
