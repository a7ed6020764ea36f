import BookModel
import Foundation
import Testing

@testable import Importers

/// Streamed imports give what whole imports give: the same metadata, the
/// same pages in the same order, the same warnings.
struct PageStreamTests {
    /// Everything a stream yields, drained.
    private func drain(_ stream: any PageStream) throws -> ImportResult {
        var warnings = stream.takeWarnings()
        var pages: [Page] = []
        while let page = try stream.nextPage() {
            pages.append(page)
            warnings += stream.takeWarnings()
        }
        warnings += stream.takeWarnings()
        return ImportResult(book: Book(metadata: stream.metadata, pages: pages), warnings: warnings)
    }

    private func expectSameAsWholeImport(_ bytes: [UInt8], fileName: String? = nil, options: ImportOptions = ImportOptions())
        throws
    {
        let whole = try BookImporter.importBook(bytes: bytes, fileName: fileName, options: options)
        let streamed = try drain(
            BookImporter.pageStream(source: MemoryByteSource(bytes), fileName: fileName, options: options))
        #expect(streamed.book.metadata == whole.book.metadata)
        #expect(streamed.book.pages.count == whole.book.pages.count)
        #expect(streamed.book.pages == whole.book.pages)
        #expect(Set(streamed.warnings) == Set(whole.warnings))
        #expect(streamed.warnings.count == whole.warnings.count)
    }

    @Test(arguments: StreamTexts.Encoding.allCases)
    func generatedTextStreamsToTheSamePages(encoding: StreamTexts.Encoding) throws {
        let text = StreamTexts.book(chapters: 40, seed: 7)
        #expect(text.utf8.count > 4 * TextChunkReader.blockSize, "the text spans several pieces")
        try expectSameAsWholeImport(encoding.bytes(text), fileName: "generated.txt")
    }

    @Test(arguments: [Granularity.word, .paragraph])
    func generatedTextStreamsToTheSamePagesAtEveryGranularity(granularity: Granularity) throws {
        var options = ImportOptions()
        options.granularity = granularity
        try expectSameAsWholeImport(Array(StreamTexts.book(chapters: 12, seed: 3).utf8), options: options)
    }

    @Test(arguments: [Granularity.sentence, .word])
    func aBookWithoutChaptersStreamsInPartsThatMakeTheSamePage(granularity: Granularity) throws {
        var options = ImportOptions()
        options.granularity = granularity
        let text = StreamTexts.book(chapters: 60, seed: 9).replacing("CHAPTER ", with: "Then came part ")
        let bytes = Array(text.utf8)
        try expectSameAsWholeImport(bytes, options: options)
        let whole = try BookImporter.importBook(bytes: bytes, fileName: nil, options: options).book
        #expect(whole.pages.count == 1, "no chapter heading: one page")
        let stream = try PlainTextPageStream(source: MemoryByteSource(bytes), options: options)
        var parts: [PagePart] = []
        while let part = try stream.nextPart() { parts.append(part) }
        #expect(parts.count > 3, "the long page comes in parts")
        #expect(parts.filter { !$0.continuesPage }.count == whole.pages.count)
        #expect(parts.flatMap(\.page.utterances) == whole.pages.flatMap(\.utterances))
    }

    @Test func aLatin1ByteAtTheVeryEndStillMakesTheWholeTextWindows1252() throws {
        var bytes = Array(StreamTexts.book(chapters: 20, seed: 5).utf8)
        bytes += Array("\nThe last word is caf".utf8) + [0xE9, 0x2E, 0x0A]
        try expectSameAsWholeImport(bytes)
        let stream = try PlainTextPageStream(source: MemoryByteSource(bytes))
        #expect(stream.takeWarnings().contains { $0.message.contains("Windows-1252") })
    }

    @Test(arguments: ["", "\n\n", "no chapters, one short line", "\u{FEFF}", "CHAPTER I.\n"])
    func tinyTextsStreamToTheSamePages(text: String) throws {
        try expectSameAsWholeImport(Array(text.utf8))
    }

    @Test(arguments: ["en_alice.utf8.txt", "en_alice.utf16-bom.txt", "fr_ubuntu-packaging-guide.latin1.txt"])
    func corpusTextsStreamToTheSamePages(name: String) throws {
        guard let bytes = PlainTextFixture.corpus(name) else { return }
        try expectSameAsWholeImport(bytes, fileName: name)
    }

    @Test(.enabled(if: !Corpus.books.isEmpty, "../shared/corpus/epub is absent"), arguments: Corpus.books)
    func corpusEPUBsStreamToTheSamePages(name: String) throws {
        try expectSameAsWholeImport(try Corpus.bytes(name), fileName: name)
    }

    @Test func anEPUBWithManyChaptersAndSkippedItemsStreamsToTheSamePages() throws {
        var epub = TestEPUB()
        for index in 1...11 {
            epub.add("c\(index).xhtml", "<h1>Chapter \(index)</h1><p>Text of chapter \(index). It goes on.</p>",
                linear: index != 4)
        }
        epub.nav = (1...11).map { ("Chapter \($0)", "c\($0).xhtml") }
        try expectSameAsWholeImport(epub.zip)
        var options = ImportOptions()
        options.includeNonlinear = true
        try expectSameAsWholeImport(epub.zip, options: options)
    }

    @Test func aPlistStreamsItsImportedPages() throws {
        let plist = try PackageFixtures.bytes("plist/WhirlySquirrelly.plist")
        try expectSameAsWholeImport(plist, fileName: "WhirlySquirrelly.plist")
    }

    @Test func plainTextIsReadOnlyAsFarAsThePagesAskedFor() throws {
        let bytes = Array(StreamTexts.book(chapters: 200, seed: 11).utf8)
        let source = RecordingByteSource(bytes)
        let stream = try PlainTextPageStream(source: source)
        _ = try stream.nextPage()
        // Reads start at 0 four times: the head, the UTF-8 check, the frame
        // and language scan, the pages. The last is the one pages come from.
        let starts = source.reads.indices.filter { source.reads[$0] == 0 }
        #expect(starts.count == 4)
        let pageReading = source.reads[(starts.last ?? 0)...]
        #expect(pageReading.max() ?? .max < 3 * TextChunkReader.blockSize, "only the first pieces are read")
        #expect(bytes.count > 20 * TextChunkReader.blockSize)
        #expect(stream.fractionRead < 0.2)
    }

    @Test func epubDocumentsAreReadAWindowAtATime() throws {
        var epub = TestEPUB()
        for index in 1...30 { epub.add("c\(index).xhtml", "<p>Chapter \(index) says this.</p>") }
        let stream = try BookImporter.pageStream(source: MemoryByteSource(epub.zip), fileName: nil)
        _ = try stream.nextPage()
        #expect(stream.fractionRead <= Double(EPUBPageStream.window) / 30)
        var count = 1
        while try stream.nextPage() != nil { count += 1 }
        #expect(count == 30 && stream.fractionRead == 1)
    }
}

/// A ``ByteSource`` that notes the offset of every read.
final class RecordingByteSource: ByteSource {
    private let bytes: MemoryByteSource
    private(set) var reads: [Int] = []

    init(_ bytes: [UInt8]) { self.bytes = MemoryByteSource(bytes) }

    var size: Int { bytes.size }

    func read(at offset: Int, count: Int) -> [UInt8] {
        reads.append(offset)
        return bytes.read(at: offset, count: count)
    }
}
