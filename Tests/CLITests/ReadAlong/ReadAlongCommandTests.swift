import Foundation
import Testing
import TestSupport

/// `narrate speak BOOK.epub -o OUT.epub`: read-along books of the fixtures,
/// checked with epubcheck, ffprobe and the word timings of the same pages.
@Suite(.enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg and ffprobe are not installed (scripts/setup installs them)"))
struct ReadAlongCommandTests {
    static let fixtures = ["read-along", "read-along-epub2"]

    /// The fixture zipped into `directory`.
    static func book(_ fixture: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(fixture + ".epub").path
        try Data(TestZip.folder(PackageFixtures.url("epub/" + fixture))).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func fixturesAtBothSyncLevelsAreCleanAndEveryClipFitsItsAudioInReadingOrder() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputs = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        for fixture in Self.fixtures {
            let book = try Self.book(fixture, in: directory)
            for sync in ["sentence", "word"] {
                let output = outputs.appendingPathComponent("\(fixture)-\(sync).epub").path
                let run = try NarrateProcess.run(["speak", book, "-o", output, "--sync", sync, "--quiet"], in: directory)
                #expect(run.status == 0 && run.stderr.isEmpty, "\(fixture) \(sync): \(run.stderr)")
                try checkOverlays(output, original: PackageFixtures.url("epub/" + fixture), scratch: directory)
            }
        }
        // New books from a narrated-book plist (its pictures beside it) and from text.
        let plist = directory.appendingPathComponent("WhirlySquirrelly.plist")
        try FileManager.default.copyItem(at: PackageFixtures.url("plist/WhirlySquirrelly.plist"), to: plist)
        for picture in ["PageBackgroundImage.jpg", "LastPage.jpg"] {
            let made = try ChildProcess.run("/usr/bin/env", ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "color=c=orange:s=32x32",
                "-frames:v", "1", "-y", directory.appendingPathComponent(picture).path])
            #expect(made.status == 0)
        }
        for (input, name) in [(plist.path, "plist"), (PackageFixtures.url("text/gutenberg-story-titles.txt").path, "text")] {
            for sync in ["sentence", "word"] {
                let output = outputs.appendingPathComponent("\(name)-\(sync).epub").path
                let run = try NarrateProcess.run(["speak", input, "-o", output, "--sync", sync, "--quiet"], in: directory)
                #expect(run.status == 0, "\(name) \(sync): \(run.stderr)")
                let book = try ReadAlongBook(output, into: directory.appendingPathComponent(UUID().uuidString))
                #expect(!book.overlays.isEmpty && book.overlays.values.allSatisfy { !$0.isEmpty }, "\(name) \(sync)")
            }
        }
        try Self.expectClean(outputs, books: 8)
    }

    /// Runs EPUBCheck over every book in `folder` and expects no error and
    /// no warning in any of the `books` (an issue when epubcheck is missing).
    static func expectClean(_ folder: URL, books: Int) throws {
        guard EPUBCheck.isAvailable else {
            Issue.record("epubcheck is not installed (scripts/setup installs it): the books were not validated")
            return
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".epub") }.sorted()
        #expect(names.count == books, "\(names)")
        for name in names {
            let check = try EPUBCheck.run(folder.appendingPathComponent(name).path)
            #expect(check.isClean, "\(name): \(check.output)")
        }
    }

    /// Every `<text src>` reaches an id; clips lie inside their audio, do
    /// not overlap and follow the reading order; each document's text is
    /// the original's; every other file is byte for byte the original.
    private func checkOverlays(_ output: String, original: URL, scratch: URL) throws {
        let folder = scratch.appendingPathComponent(UUID().uuidString)
        let book = try ReadAlongBook(output, into: folder)
        #expect(!book.overlays.isEmpty, "\(output) has no overlays")
        var documents: Set<String> = []
        for (smil, clips) in book.overlays {
            let document = try #require(clips.first?.document)
            documents.insert(document)
            let ids = try book.ids(in: document)
            let duration = try ProbedAudio(folder.appendingPathComponent(try #require(clips.first?.audio)).path).duration
            var previous = 0.0
            for clip in clips {
                #expect(ids.contains(clip.fragment), "\(smil): #\(clip.fragment) is not in \(document)")
                #expect(clip.begin >= previous && clip.end > clip.begin && clip.end <= duration + 0.001,
                    "\(smil): clip \(clip.begin)–\(clip.end) after \(previous), audio \(duration) s")
                previous = clip.end
            }
            let before = try ReadAlongBook.text(of: original.appendingPathComponent(document))
            #expect(try ReadAlongBook.text(of: folder.appendingPathComponent(document)) == before, "\(document)")
        }
        let enumerator = FileManager.default.enumerator(atPath: original.path)
        while let name = enumerator?.nextObject() as? String {
            let source = original.appendingPathComponent(name)
            guard !documents.contains(name), !name.hasSuffix(".opf"), (try? source.checkResourceIsReachable()) == true,
                let bytes = FileManager.default.contents(atPath: source.path)
            else { continue }
            #expect(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) == bytes, "\(name) changed")
        }
    }

    @Test func eachWordClipStartsWithinTenMillisecondsOfItsOwnWord() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (readAlong, pages) = try Self.narratedPages(sync: "word", in: directory)
        for (name, words, clips, fragments) in pages {
            for clip in clips {
                let written = Self.tokens(fragments[clip.fragment] ?? "")
                var nearest = try #require(words.indices.min { abs(words[$0].start - clip.begin) < abs(words[$1].start - clip.begin) })
                #expect(abs(words[nearest].start - clip.begin) <= 0.010, "\(name): clip at \(clip.begin), nearest word at \(words[nearest].start)")
                // A list item's number is heard with the item's first word.
                if words[nearest].text.allSatisfy(\.isNumber), Self.tokens(words[nearest].text) != written, nearest + 1 < words.count {
                    nearest += 1
                }
                #expect(written == Self.tokens(words[nearest].text),
                    "\(name) #\(clip.fragment) at \(clip.begin) is written \(written), heard \(words[nearest].text)")
            }
            // Every word starts a clip, but the first of a list item, whose
            // clip starts at the item's spoken number.
            let unclipped = words.indices.filter { index in
                !clips.contains { abs($0.begin - words[index].start) <= 0.010 }
                    && !(index > 0 && words[index - 1].text.allSatisfy(\.isNumber))
            }
            #expect(unclipped.isEmpty, "\(name): no clip for \(unclipped.map { words[$0].text })")
            let wav = try ProbedAudio(directory.appendingPathComponent("\(name).wav").path).duration
            let mp3 = try ProbedAudio(readAlong.folder.appendingPathComponent("OEBPS/narrate/\(name).mp3").path).duration
            #expect(abs(wav - mp3) < 0.08, "\(name): the MP3 lasts \(mp3) s, the same pages as WAV \(wav) s")
        }
    }

    /// Each sentence clip plays the words of its own fragment, no more and
    /// no fewer: also beside inline elements a sentence crosses (pieces),
    /// and in the bibliography of page three, whose spoken item numbers
    /// the markup has no text for.
    @Test func sentenceClipsPlayTheWordsOfTheirOwnFragment() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, words, clips, fragments) in try Self.narratedPages(sync: "sentence", in: directory).pages {
            #expect(Set(clips.map(\.fragment)) == Set(fragments.keys), "\(name): every fragment has a clip")
            for clip in clips {
                let written = Self.tokens(fragments[clip.fragment] ?? "")
                var heard = Self.tokens(words.filter { $0.start >= clip.begin - 0.005 && $0.start < clip.end - 0.005 }
                    .map(\.text).joined(separator: " "))
                // A list item's number is heard but not written.
                if let first = heard.first, first.allSatisfy(\.isNumber), first != written.first { heard.removeFirst() }
                #expect(heard == written, "\(name) #\(clip.fragment) \(clip.begin)–\(clip.end): heard \(heard), written \(written)")
            }
        }
    }

    /// The fixture `read-along` made read-along at `sync`, and for each of
    /// its pages (documents): the words heard, its clips, and the text of
    /// each fragment narrate wrapped, by id.
    static func narratedPages(sync: String, in directory: URL) throws -> (
        book: ReadAlongBook,
        pages: [(name: String, words: [(text: String, start: Double)], clips: [ReadAlongBook.Clip], fragments: [String: String])]
    ) {
        let book = try Self.book("read-along", in: directory)
        let run = try NarrateProcess.run(["speak", book, "-o", "\(sync).epub", "--sync", sync, "--quiet"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let readAlong = try ReadAlongBook(directory.appendingPathComponent("\(sync).epub").path, into: directory.appendingPathComponent("x"))
        let pages = try ["one", "two", "three"].enumerated().map { page, name in
            (name, try Self.heardWords(book, page: page + 1, name: name, in: directory),
                try #require(readAlong.overlays["OEBPS/narrate/\(name).smil"]),
                try readAlong.fragmentTexts(in: "OEBPS/text/\(name).xhtml"))
        }
        return (readAlong, pages)
    }

    /// The words of page `page` and when each starts, from `--timings` of
    /// that page alone. Each document is one page, rendered by a fresh
    /// worker: the same narration as `speak --pages N` in a process of its own.
    static func heardWords(_ book: String, page: Int, name: String, in directory: URL) throws -> [(text: String, start: Double)] {
        let timings = try NarrateProcess.run(
            ["speak", book, "--pages", "\(page)", "-o", "\(name).wav", "--timings", "\(name).json", "--quiet"], in: directory)
        #expect(timings.status == 0, "\(timings.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("\(name).json")))
        let utterances = (json as? [String: Any])?["utterances"] as? [[String: Any]] ?? []
        return utterances.flatMap { ($0["words"] as? [[String: Any]] ?? []).compactMap { word in
            (word["text"] as? String).flatMap { text in (word["start"] as? Double).map { (text, $0) } }
        } }
    }

    /// Runs of letters and digits, lowercased.
    static func tokens(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    @Test(arguments: [
        (["--sync", "word", "-o", "x.wav"], "--sync applies to read-along books (-o BOOK.epub)"),
        (["--sync", "line", "-o", "x.epub"], "--sync: 'line' is not one of sentence, word"),
        (["--format", "mp3", "-o", "x.epub"], "--format does not apply to a read-along book (-o BOOK.epub)"),
        (["--per-chapter", "-o", "x.epub"], "--per-chapter does not apply to a read-along book (-o BOOK.epub)"),
    ])
    func refusesOptionsThatDoNotFitAReadAlongBook(_ arguments: [String], _ message: String) throws {
        let run = try NarrateProcess.run(["speak", NarrateProcess.fixture("text/latin1.txt")] + arguments)
        #expect(run.status == 64 && run.stderr.contains("narrate: " + message), "\(run.stderr)")
    }

    @Test func putsAPlistPagesPictureInItsPageAndWarnsOfAMissingOne() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = directory.appendingPathComponent("WhirlySquirrelly.plist")
        try FileManager.default.copyItem(at: PackageFixtures.url("plist/WhirlySquirrelly.plist"), to: plist)
        let made = try ChildProcess.run("/usr/bin/env", ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "color=c=orange:s=32x32",
            "-frames:v", "1", "-y", directory.appendingPathComponent("PageBackgroundImage.jpg").path])
        #expect(made.status == 0)
        let run = try NarrateProcess.run(["speak", plist.path, "-o", "book.epub"], in: directory)
        #expect(run.status == 0 && run.stderr.contains("page 3's picture LastPage.jpg is missing"), "\(run.stderr)")
        let book = try ReadAlongBook(directory.appendingPathComponent("book.epub").path, into: directory.appendingPathComponent("x"))
        let page = try String(contentsOf: book.folder.appendingPathComponent("OEBPS/pages/page-0001.xhtml"), encoding: .utf8)
        #expect(page.contains("<img src=\"../images/page-0001.jpg\" alt=\"\"/>") && page.contains("<h1>Chapter 1</h1>"), "\(page)")
        #expect(FileManager.default.fileExists(atPath: book.folder.appendingPathComponent("OEBPS/images/page-0002.jpg").path))
        #expect(!FileManager.default.fileExists(atPath: book.folder.appendingPathComponent("OEBPS/images/page-0003.jpg").path))
        #expect(book.overlays.keys.sorted() == ["OEBPS/narrate/page-0001.smil", "OEBPS/narrate/page-0002.smil", "OEBPS/narrate/page-0003.smil"])
    }

    /// A book made here (not an EPUB read along) carries the input's cover:
    /// a PDF's is its first page drawn.
    @Test func aPDFReadAlongCarriesItsFirstPageAsCover() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try NarrateProcess.run(["speak", NarrateProcess.fixture("pdf/book.pdf"), "-o", "book.epub", "--quiet"], in: directory)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let book = try ReadAlongBook(directory.appendingPathComponent("book.epub").path, into: directory.appendingPathComponent("x"))
        let cover = try Data(contentsOf: book.folder.appendingPathComponent("OEBPS/images/cover.png"))
        #expect(cover.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let package = try String(contentsOf: book.folder.appendingPathComponent("OEBPS/package.opf"), encoding: .utf8)
        #expect(package.contains("properties=\"cover-image\""), "\(package)")
        if EPUBCheck.isAvailable {
            let check = try EPUBCheck.run(directory.appendingPathComponent("book.epub").path)
            #expect(check.isClean, "\(check.output)")
        }
    }

    @Test func refusesStandardInputAndAnExistingFileWithoutForce() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try NarrateProcess.run(["speak", "-", "-o", "t.epub"], in: directory, input: Data("Hello.".utf8))
        #expect(text.status == 64 && text.stderr.contains("a read-along book is made from a book file, not standard input"), "\(text.stderr)")
        let book = try Self.book("read-along", in: directory)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("taken.epub").path, contents: Data("mine".utf8))
        let taken = try NarrateProcess.run(["speak", book, "-o", "taken.epub"], in: directory)
        #expect(taken.status == 1 && taken.stderr.contains("already exists (use --force to overwrite)"), "\(taken.stderr)")
        #expect(FileManager.default.contents(atPath: directory.appendingPathComponent("taken.epub").path) == Data("mine".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["read-along.epub", "taken.epub"])
    }

    @Test func ctrlCLeavesNoBookNoProcessAndTheWorkToResume() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try Self.book("read-along", in: directory)
        let helpers = AudiobookRunTests()
        let process = try helpers.start(["speak", book, "-o", "out.epub", "--jobs", "1", "--rate", "0.5"], in: directory)
        try helpers.waitForChunks(in: directory)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left.count == 3 && left[0].hasPrefix(".narrate-work-") && left[1...] == ["read-along.epub", "stderr-out.epub"], "\(left)")
        let message = try String(contentsOf: directory.appendingPathComponent("stderr-out.epub"), encoding: .utf8)
        #expect(message.contains("narrate: interrupted; no read-along book written; run the same command again"), "\(message)")
        #expect(helpers.processes(mentioning: directory.path).isEmpty, "workers or encoders outlived narrate")
        let again = try NarrateProcess.run(["speak", book, "-o", "out.epub", "--jobs", "1", "--rate", "0.5"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["out.epub", "read-along.epub", "stderr-out.epub"])
    }
}
