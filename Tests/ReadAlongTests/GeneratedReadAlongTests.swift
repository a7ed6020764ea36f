import BookFiles
import BookModel
import Foundation
import Testing

@testable import ReadAlong

/// A new read-along book from a book model: pages, headings, pictures,
/// languages, navigation, overlays.
struct GeneratedReadAlongTests {
    /// Writes `pages`, each with an audio file of its own unless `sharedAudio`.
    static func write(
        _ pages: [GeneratedReadAlong.Page], sync: SyncLevel, metadata: BookMetadata, sharedAudio: Bool = false,
        cover: GeneratedReadAlong.Image? = nil
    ) throws -> ZipArchive {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("generated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("book.epub").path
        _ = try GeneratedReadAlong(metadata: metadata, sync: sync, audioExtension: "mp3", audioType: "audio/mpeg", cover: cover)
            .write(pages.indices.map { index in
                var page = pages[index]
                page.audioFile = directory.appendingPathComponent("a\(sharedAudio ? 0 : index).mp3").path
                _ = FileManager.default.createFile(atPath: page.audioFile, contents: Data([1, 2, 3, UInt8(index)]))
                return page
            }, to: output)
        return try ZipArchive(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: output))))
    }

    static let pages = [
        GeneratedReadAlong.Page(
            title: "Chapter 1", image: .init(bytes: [0x89, 0x50], fileExtension: "png", mediaType: "image/png"),
            utterances: [
                TimedUtterance(text: "Whisky, ", begin: 0, end: 1, words: [.init(range: 0..<6, begin: 0, end: 1)]),
                TimedUtterance(text: "bonjour <ami>.\n", begin: 1.5, end: 2.5, words: [
                    .init(range: 0..<7, begin: 1.5, end: 2), .init(range: 9..<12, begin: 2, end: 2.5),
                ], language: "fr"),
                TimedUtterance(text: "The end.", begin: 3, end: 4, words: [
                    .init(range: 0..<3, begin: 3, end: 3.5), .init(range: 4..<7, begin: 3.5, end: 4),
                ]),
            ], audioFile: ""),
        GeneratedReadAlong.Page(
            title: "Two", image: nil,
            utterances: [TimedUtterance(text: "Two\n", begin: 0, end: 1, words: [.init(range: 0..<3, begin: 0, end: 1)])],
            audioFile: ""),
    ]

    /// The cover goes in as the package's cover image, shown on the title page.
    @Test func theCoverIsTheCoverImageOnTheTitlePage() throws {
        let cover = GeneratedReadAlong.Image(bytes: [0xFF, 0xD8, 0xFF, 0xE0], fileExtension: "jpg", mediaType: "image/jpeg")
        let book = try Self.write(Self.pages, sync: .sentence, metadata: BookMetadata(title: "T"), cover: cover)
        #expect(try book.read("OEBPS/images/cover.jpg") == cover.bytes)
        let package = String(decoding: try book.read("OEBPS/package.opf"), as: UTF8.self)
        #expect(package.contains(
            "<item id=\"cover-image\" href=\"images/cover.jpg\" media-type=\"image/jpeg\" properties=\"cover-image\"/>"), "\(package)")
        let title = String(decoding: try book.read("OEBPS/title.xhtml"), as: UTF8.self)
        #expect(title.contains("<img src=\"images/cover.jpg\" alt=\"T\"/>"), "\(title)")
        let without = try Self.write(Self.pages, sync: .sentence, metadata: BookMetadata(title: "T"))
        #expect(!without.entryPaths.contains { $0.contains("cover") })
        #expect(!String(decoding: try without.read("OEBPS/title.xhtml"), as: UTF8.self).contains("<img"))
    }

    /// Pages narrated by one recording share its one entry.
    @Test func pagesThatShareARecordingShareItsEntry() throws {
        let separate = try Self.write(Self.pages, sync: .sentence, metadata: BookMetadata(title: "T"))
        #expect(separate.entryPaths.filter { $0.hasSuffix(".mp3") }.count == 2)
        let shared = try Self.write(Self.pages, sync: .sentence, metadata: BookMetadata(title: "T"), sharedAudio: true)
        #expect(shared.entryPaths.filter { $0.hasSuffix(".mp3") } == ["OEBPS/narrate/page-0001.mp3"])
        let smil = String(decoding: try shared.read("OEBPS/narrate/page-0002.smil"), as: UTF8.self)
        #expect(smil.contains("src=\"page-0001.mp3\""), "\(smil)")
    }

    @Test func writesEachPageWithItsHeadingPictureParagraphsAndLanguages() throws {
        var metadata = BookMetadata()
        metadata.title = "Whirly & Squirrelly"
        metadata.authors = ["Ann Author"]
        metadata.language = "en"
        metadata.date = "April 2020"
        let book = try Self.write(Self.pages, sync: .sentence, metadata: metadata)
        #expect(book.entryPaths.prefix(3) == ["mimetype", "META-INF/container.xml", "OEBPS/package.opf"])
        let page = String(decoding: try book.read("OEBPS/pages/page-0001.xhtml"), as: UTF8.self)
        #expect(page.contains("<figure><img src=\"../images/page-0001.png\" alt=\"\"/></figure>\n<h1>Chapter 1</h1>\n"
            + "<p><span id=\"narrate-s1\">Whisky,</span> <span id=\"narrate-s2\" xml:lang=\"fr\" lang=\"fr\">bonjour &lt;ami&gt;.</span></p>\n"
            + "<p><span id=\"narrate-s3\">The end.</span></p>"), "\(page)")
        // A page whose first utterance is its title says it as its heading.
        let two = String(decoding: try book.read("OEBPS/pages/page-0002.xhtml"), as: UTF8.self)
        #expect(two.contains("<h1><span id=\"narrate-s1\">Two</span></h1>"), "\(two)")
        let package = String(decoding: try book.read("OEBPS/package.opf"), as: UTF8.self)
        #expect(package.contains("<dc:title>Whirly &amp; Squirrelly</dc:title>") && !package.contains("April 2020"))
        #expect(package.contains("media-overlay=\"smil-page-0001\"") && package.contains("<meta property=\"media:duration\">0:00:05.000</meta>"))
        #expect(package.contains("<itemref idref=\"title\"/>\n    <itemref idref=\"page-0001\"/>\n    <itemref idref=\"page-0002\"/>"))
        let navigation = String(decoding: try book.read("OEBPS/nav.xhtml"), as: UTF8.self)
        #expect(navigation.contains("<li><a href=\"pages/page-0002.xhtml\">Two</a>"))
        #expect(try book.read("OEBPS/images/page-0001.png") == [0x89, 0x50])
    }

    @Test func wrapsWordsInsideTheUtterancesLanguage() throws {
        let book = try Self.write(Self.pages, sync: .word, metadata: BookMetadata())
        let page = String(decoding: try book.read("OEBPS/pages/page-0001.xhtml"), as: UTF8.self)
        #expect(page.contains("<span xml:lang=\"fr\" lang=\"fr\"><span id=\"narrate-w2\">bonjour</span> &lt;"
            + "<span id=\"narrate-w3\">ami</span>&gt;.</span>"), "\(page)")
        let smil = String(decoding: try book.read("OEBPS/narrate/page-0001.smil"), as: UTF8.self)
        #expect(smil.components(separatedBy: "<par ").count == 6)
        // "ami" is heard 2–2.5 s; its clip runs on to the next word's, at 3 s.
        #expect(smil.contains("clipBegin=\"0:00:02.000\" clipEnd=\"0:00:03.000\""))
    }

    @Test func aTitleTheTextSaysInSeveralUtterancesIsItsHeadingOnce() throws {
        let page = GeneratedReadAlong.Page(
            title: "I. Down the Rabbit-Hole", image: nil,
            utterances: [
                TimedUtterance(text: "I\n", begin: 0, end: 0.3, words: [.init(range: 0..<1, begin: 0, end: 0.3)]),
                TimedUtterance(text: "Down the Rabbit-Hole\n", begin: 1, end: 2, words: []),
                TimedUtterance(text: "Alice was tired.\n", begin: 3, end: 4, words: []),
            ], audioFile: "")
        let book = try Self.write([page], sync: .sentence, metadata: BookMetadata())
        let xhtml = String(decoding: try book.read("OEBPS/pages/page-0001.xhtml"), as: UTF8.self)
        #expect(xhtml.contains("<h1><span id=\"narrate-s1\">I</span><br/><span id=\"narrate-s2\">Down the Rabbit-Hole</span></h1>\n"
            + "<p><span id=\"narrate-s3\">Alice was tired.</span></p>"), "\(xhtml)")
        #expect(!xhtml.contains("I. Down the Rabbit-Hole</h1>"))
    }

    @Test(arguments: [SyncLevel.sentence, .word])
    func keepsTheLinesOfVerse(_ sync: SyncLevel) throws {
        let verse = "Roses are red,\nViolets are blue.\n"
        let page = GeneratedReadAlong.Page(
            title: "Verse", image: nil,
            utterances: [TimedUtterance(text: verse, begin: 0, end: 4, words: [
                .init(range: 0..<5, begin: 0, end: 1), .init(range: 6..<9, begin: 1, end: 2),
                .init(range: 15..<22, begin: 2, end: 3), .init(range: 27..<31, begin: 3, end: 4),
            ])], audioFile: "")
        let xhtml = String(decoding: try Self.write([page], sync: sync, metadata: BookMetadata()).read("OEBPS/pages/page-0001.xhtml"), as: UTF8.self)
        let expected = sync == .sentence
            ? "<p><span id=\"narrate-s1\">Roses are red,<br/>\nViolets are blue.</span></p>"
            : "<p><span id=\"narrate-w1\">Roses</span> <span id=\"narrate-w2\">are</span> red,<br/>\n"
                + "<span id=\"narrate-w3\">Violets</span> are <span id=\"narrate-w4\">blue</span>.</p>"
        #expect(xhtml.contains(expected), "\(xhtml)")
    }

    @Test func aTitleTheTextDoesNotSayIsAHeadingWithoutAClip() throws {
        let page = GeneratedReadAlong.Page(
            title: "Chapter 2", image: nil,
            utterances: [TimedUtterance(text: "It began.\n", begin: 0, end: 1, words: [])], audioFile: "")
        let book = try Self.write([page], sync: .sentence, metadata: BookMetadata())
        let xhtml = String(decoding: try book.read("OEBPS/pages/page-0001.xhtml"), as: UTF8.self)
        #expect(xhtml.contains("<h1>Chapter 2</h1>\n<p><span id=\"narrate-s1\">It began.</span></p>"), "\(xhtml)")
    }
}
