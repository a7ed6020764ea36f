import BookModel
import Foundation
import TestSupport
import Testing

@testable import BookFiles
@testable import Exporters
@testable import Importers
@testable import PropertyLists

/// An XML or binary plist streamed page by page from its file gives what a
/// whole import gives, and fails the way a whole import fails, before any page.
struct NarratedPlistPageStreamTests {
    private func file(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "plist-stream-\(UUID().uuidString).plist"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The plist file at `path`, read page by page from its mapping.
    private func stream(_ path: String, format: InputFormat = .xmlPropertyList, warnings: WarningSink = .ignoring)
        throws -> NarratedPlistPageStream
    {
        try NarratedPlistPageStream(source: FileByteSource(path: path), format: format, warnings: warnings)
    }

    private func drain(_ path: String, format: InputFormat) throws -> ImportResult {
        let collector = WarningCollector()
        let stream = try stream(path, format: format, warnings: collector.sink)
        let book = try Book(draining: stream)
        #expect(stream.fractionRead == 1)
        return ImportResult(book: book, warnings: collector.warnings)
    }

    private func expectSameAsWholeImport(_ bytes: [UInt8], format: InputFormat = .xmlPropertyList) throws {
        let path = try file(bytes)
        defer { unlink(path) }
        let whole = try BookImporter.importBook(bytes: bytes, fileName: path)
        let streamed = try drain(path, format: format)
        #expect(streamed.book.metadata == whole.book.metadata)
        #expect(streamed.book.pages == whole.book.pages)
        #expect(streamed.warnings == whole.warnings)
    }

    /// A book of `pages` pages of per-word utterances, with metadata.
    private func generatedBook(pages: Int) -> Book {
        var book = Book(metadata: BookMetadata(title: "Squirrels", authors: ["A. Nut"], language: "en-GB"))
        for number in 0..<pages {
            let words = "Page \(number) tells how the squirrel hid acorn number \(number) in the tall tree."
            var page = Page(title: "Chapter \(number)")
            page.utterances = words.split(separator: " ").map { Utterance(String($0) + " ") }
            page.utterances[0].prosody.rate = number.isMultiple(of: 7) ? 1.5 : 0.5  // some out of range
            book.pages.append(page)
        }
        return book
    }

    @Test func theTutorialPlistStreamsToTheSamePagesAndWarnings() throws {
        let xml = try PackageFixtures.bytes("plist/WhirlySquirrelly.plist")
        try expectSameAsWholeImport(xml)
        let book = try BookImporter.importBook(bytes: xml, fileName: nil).book
        try expectSameAsWholeImport(try NarratedPlistWriter.bytes(of: book, format: .binary), format: .binaryPropertyList)
    }

    @Test func aLongGeneratedBookStreamsToTheSamePagesWithItsMetadata() throws {
        let book = generatedBook(pages: 1200)
        let xml = try NarratedPlistWriter.bytes(of: book, format: .xml)
        #expect(xml.count > 2 << 20, "spans several release steps")
        try expectSameAsWholeImport(xml)
        try expectSameAsWholeImport([0xEF, 0xBB, 0xBF] + xml)
        try expectSameAsWholeImport(try NarratedPlistWriter.bytes(of: book, format: .binary), format: .binaryPropertyList)
    }

    @Test func brokenBinaryPlistsFailAtOpeningAsAWholeImportFails() throws {
        let book = generatedBook(pages: 30)
        let binary = try NarratedPlistWriter.bytes(of: book, format: .binary)
        for bytes in [Array(binary.prefix(binary.count / 2)), Array(binary.dropLast(8)) + Array(repeating: 0xFF, count: 8)] {
            let path = try file(bytes)
            defer { unlink(path) }
            var wholeError: ImportError?
            do { _ = try BookImporter.importBook(bytes: bytes, fileName: path) } catch { wholeError = error }
            #expect(wholeError != nil)
            #expect(throws: ImportError.self) { try stream(path, format: .binaryPropertyList) }
        }
    }

    @Test func metadataAfterThePagesIsKnownBeforeTheFirstPage() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>bookPages</key><array><dict><key>utterances</key><string>Hello.</string></dict></array>
            <key>narrateBookMetadata</key><dict><key>title</key><string>Late</string><key>language</key><string>fr</string></dict>
            </dict></plist>
            """
        let path = try file(Array(plist.utf8))
        defer { unlink(path) }
        let stream = try stream(path)
        #expect(stream.metadata.title == "Late")
        #expect(stream.metadata.language == "fr")
        #expect(try stream.nextPart()?.page.utterances.map(\.text) == ["Hello."])
        #expect(try stream.nextPart()?.page == nil)
    }

    @Test(arguments: [
        ("a bad page late in the book", "<key>bookPages</key><array>\(String(repeating: "<dict><key>utterances</key><string>Hi.</string></dict>", count: 50))<dict><key>utterances</key><integer>3</integer></dict></array>"),
        ("no bookPages", "<key>title</key><string>x</string>"),
        ("bookPages not an array", "<key>bookPages</key><string>x</string>"),
        ("unclosed page", "<key>bookPages</key><array><dict><key>utterances</key>"),
    ])
    func brokenBooksFailAtOpeningAsAWholeImportFails(_ name: String, _ body: String) throws {
        let plist = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(body)</dict></plist>"
        let path = try file(Array(plist.utf8))
        defer { unlink(path) }
        var wholeError: ImportError?
        do { _ = try BookImporter.importBook(bytes: Array(plist.utf8), fileName: path) } catch { wholeError = error }
        var streamError: ImportError?
        do { _ = try stream(path) } catch { streamError = error as? ImportError }
        #expect(wholeError != nil, "\(name)")
        #expect(streamError?.description == wholeError?.description, "\(name)")
    }

    @Test func contentAfterTheRootAndANonDictionaryRootAreRefused() throws {
        for plist in ["<plist><dict></dict></plist><extra/>", "<plist><array></array></plist>"] {
            let path = try file(Array(plist.utf8))
            defer { unlink(path) }
            #expect(throws: ImportError.self) { try stream(path) }
        }
    }

    @Test func anEmptyBookHasNoPagesAndUTF16IsParsedWhole() throws {
        let empty = try file(Array("<plist><dict><key>bookPages</key><array/></dict></plist>".utf8))
        defer { unlink(empty) }
        let emptyStream = try stream(empty)
        #expect(emptyStream.pageCount == 0)
        #expect(try emptyStream.nextPart() == nil)
        let text = "<plist><dict><key>bookPages</key><array><dict><key>utterances</key><string>Hi.</string></dict></array></dict></plist>"
        let utf16 = try file([0xFF, 0xFE] + Array(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        defer { unlink(utf16) }
        #expect(try Book(draining: stream(utf16)).pages.map(\.displayText) == ["Hi."])
    }
}
