@testable import Audiobooks
import BookModel
import Foundation
import Testing

struct AudiobookFormatTests {
    @Test(arguments: [("book.m4b", AudiobookFormat.m4b), ("a/b.OPUS", .opus), ("x.tar.mp3", .mp3), ("c.flac", .flac)])
    func theExtensionNamesTheFormat(path: String, format: AudiobookFormat) {
        #expect(AudiobookFormat(path: path) == format)
    }

    @Test func unknownOrMissingExtensionsNameNoFormat() {
        #expect(AudiobookFormat(path: "book.abc") == nil && AudiobookFormat(path: "dir.d/book") == nil)
    }

    @Test func metadataFileEscapesSpecialCharactersAndWritesChapters() {
        var tags = AudiobookTags(BookMetadata(title: "A=B; #1 \\ x", authors: ["Ann"]), format: .m4b)
        tags.add("comment", "line\nbreak")
        let document = FFMetadataDocument(tags: tags, chapters: [Chapter(title: "Été", start: 0, end: 1.5)])
        #expect(document.text.hasPrefix(";FFMETADATA1\ntitle=A\\=B\\; \\#1 \\\\ x\n"))
        #expect(document.text.contains("comment=line\\\nbreak\n"))
        #expect(document.text.contains("[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1500\ntitle=Été\n"))
    }

    @Test func chapterCommentsCountFromOneWithMilliseconds() {
        let document = FFMetadataDocument(
            tags: AudiobookTags(BookMetadata(), format: .flac),
            chapters: [Chapter(title: "a", start: 0, end: 4.704), Chapter(title: "b", start: 4.704, end: 3725.5)],
            chaptersAsTags: true)
        #expect(document.text.contains("CHAPTER001=00:00:00.000\nCHAPTER001NAME=a\nCHAPTER002=00:00:04.704\nCHAPTER002NAME=b\n"))
        #expect(!document.text.contains("[CHAPTER]"))
    }

    @Test func untitledPagesGetNumberedChapterTitles() {
        #expect(Chapter.title(nil, pageIndex: 4) == "Chapter 5")
        #expect(Chapter.title("  Le\n titre ", pageIndex: 0) == "Le titre")
        #expect(Chapter.titles([nil, nil], bookTitle: "The Hoard") == ["Chapter 1", "Chapter 2"])
    }

    @Test func untitledPagesAmongTitledOnesTakeTheNamesAroundThem() {
        #expect(Chapter.titles([nil, nil, "Chapter 1", nil, " Chapter\n2 "], bookTitle: "The Hoard") == [
            "The Hoard", "The Hoard (continued)", "Chapter 1", "Chapter 1 (continued)", "Chapter 2",
        ])
        #expect(Chapter.titles([nil, "Chapter 2"], bookTitle: "  ") == ["Chapter 1", "Chapter 2"])
    }

    @Test func coverKindsAreToldFromTheirBytesAndOggGetsAPictureBlock() throws {
        let png = try #require(CoverImage(bytes: [0x89, 0x50, 0x4E, 0x47, 1, 2]))
        #expect(png.kind == .png && CoverImage(bytes: Array("<?xml?><svg/>".utf8))?.kind == .svg)
        #expect(CoverImage(bytes: Array("hello".utf8)) == nil)
        let block = try #require(Data(base64Encoded: png.vorbisPictureComment))
        #expect(Array(block.prefix(8)) == [0, 0, 0, 3, 0, 0, 0, 9])
        #expect(Array(block.suffix(6)) == png.bytes)
    }

    @Test(arguments: [
        ("story.txt", "story"), ("Pride and Prejudice.v2.epub", "Pride and Prejudice.v2"), ("README", "README"),
        (".hidden", ".hidden"),
    ])
    func untitledBooksAreNamedAfterTheirFileWithoutItsExtension(file: String, title: String) {
        let tags = AudiobookTags(BookMetadata(sourceFile: file), format: .opus)
        #expect(tags.pairs.first { $0.key == "title" }?.value == title)
        #expect(tags.pairs.first { $0.key == "album" }?.value == title)
    }

    @Test func aBookWithNeitherTitleNorFileIsUntitled() {
        #expect(AudiobookTags(BookMetadata(), format: .mp3).pairs.first?.value == "Untitled")
        #expect(AudiobookTags(BookMetadata(title: "T", sourceFile: "x.txt"), format: .mp3).pairs.first?.value == "T")
    }

    @Test func mp4TagsCarryPublisherAndIdentifierInTheComment() {
        let metadata = BookMetadata(title: "T", identifier: "urn:x", publisher: "P")
        let tags = Dictionary(uniqueKeysWithValues: AudiobookTags(metadata, format: .m4b).pairs.map { ($0.key, $0.value) })
        #expect(tags["comment"] == "Published by P; urn:x" && tags["publisher"] == nil)
        let track = AudiobookTags(metadata, format: .mp3, track: (title: "Ch", number: 2, count: 9))
        #expect(track.pairs.contains { $0 == ("track", "2/9") } && track.pairs.first?.value == "Ch")
    }

    /// Audiobookshelf's names: the narrator as composer, the series as
    /// `series`/`series-part` (MP4: `show`/`episode_id`, the only atoms it
    /// has) and `grouping`, subjects as the genre, the ISBN (MP4: in the comment).
    @Test(arguments: AudiobookFormat.allCases.filter { $0 != .wav })
    func tagsCarryWhatAudiobookshelfReads(_ format: AudiobookFormat) {
        let metadata = BookMetadata(
            title: "T", authors: ["Ann", "Bob"], identifier: "urn:x", publisher: "P", summary: "S", series: "Saga",
            seriesPosition: "2", subjects: ["Squirrels", "Autumn"], isbn: "9780141439518")
        let tags = Dictionary(
            uniqueKeysWithValues: AudiobookTags(metadata, format: format, narrator: "Reader").pairs.map { ($0.key, $0.value) })
        #expect(tags["composer"] == "Reader" && tags["artist"] == "Ann, Bob" && tags["album_artist"] == "Ann, Bob")
        #expect(tags["genre"] == "Squirrels; Autumn" && tags["grouping"] == "Saga #2" && tags["description"] == "S")
        if format == .m4b || format == .m4a {
            #expect(tags["show"] == "Saga" && tags["episode_id"] == "2" && tags["series"] == nil)
            #expect(tags["comment"] == "Published by P; ISBN 9780141439518; urn:x")
        } else {
            #expect(tags["series"] == "Saga" && tags["series-part"] == "2" && tags["isbn"] == "9780141439518")
        }
        let plain = AudiobookTags(BookMetadata(title: "T"), format: format).pairs.map(\.key)
        #expect(plain.allSatisfy { !["composer", "grouping", "series", "show", "isbn"].contains($0) } && plain.contains("genre"))
    }
}
