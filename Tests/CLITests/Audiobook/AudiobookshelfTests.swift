import Foundation
import Testing
import TestSupport

/// Audiobooks as Audiobookshelf reads them: the tags read back with ffprobe
/// and mapped the way its scanner maps them (``AudiobookshelfBook``), for one
/// file and a file per chapter in every format, and `--library`'s
/// `Author/Series/Title/` folder with the cover beside the audio.
@Suite(.enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg and ffprobe are not installed (scripts/setup installs them)"))
struct AudiobookshelfTests {
    static let series = """
        <meta property="belongs-to-collection" id="c1">The Squirrel Saga</meta>
        <meta refines="#c1" property="collection-type">series</meta>
        <meta refines="#c1" property="group-position">2</meta>
        <dc:identifier>urn:isbn:978-0-14-143951-8</dc:identifier>
        <dc:subject>Squirrels -- Fiction</dc:subject><dc:subject>Autumn</dc:subject>
        """

    /// What Audiobookshelf should show for the fixture, field by field; the
    /// ISBN is missing from MP4 files (ffmpeg's MP4 writer keeps no custom
    /// tag: it is in the comment instead).
    static func expected(_ format: String, narrator: String) -> [String: String] {
        var fields = [
            "title": "Les Écureuils", "authors": "Ann Author", "narrators": narrator,
            "series": "The Squirrel Saga", "sequence": "2", "genres": "Squirrels -- Fiction|Autumn",
            "description": "A squirrel hides an acorn.", "publishedYear": "2026-12-01", "isbn": "9780141439518",
        ]
        if ["m4b", "m4a"].contains(format) { fields["isbn"] = nil }
        if format != "m4b", format != "m4a" { fields["publisher"] = "Acorn Press" }
        return fields
    }

    @Test(arguments: ["m4b", "opus", "mp3", "flac"])
    func oneFileIsTaggedAsAudiobookshelfReadsIt(_ format: String) throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.epub(in: directory, metadata: Self.series)
        let run = try NarrateProcess.run(
            ["speak", book, "-o", "book.\(format)", "--narrator", "Nora Reader", "-q", "--pages", "1"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let probed = try ProbedAudio(directory.appendingPathComponent("book.\(format)").path)
        let seen = AudiobookshelfBook(probed.tags).fields
        for (field, value) in Self.expected(format, narrator: "Nora Reader") {
            #expect(seen[field] == value, "\(format) \(field): \(probed.tags)")
        }
    }

    @Test func theLibraryFolderIsAuthorSeriesTitleWithTheCoverBeside() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.epub(in: directory, metadata: Self.series)
        let run = try NarrateProcess.run(["speak", book, "-o", "library/", "--library", "-q"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let folder = directory.appendingPathComponent("library/Ann Author/The Squirrel Saga/Les Écureuils")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["Les Écureuils.m4b", "cover.png"])
        let probed = try ProbedAudio(folder.appendingPathComponent("Les Écureuils.m4b").path)
        #expect(probed.chapters.count == 3 && probed.hasCover)
        // The narrator is the voice when --narrator is not given.
        #expect(AudiobookshelfBook(probed.tags).fields["narrators"]?.contains("English") == true, "\(probed.tags)")
        // Nothing else is left in the library (no work folder).
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("library").path)
            == ["Ann Author"])
    }

    @Test func chapterFilesOfABookInNoSeriesGoUnderAuthorAndTitle() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.epub(in: directory)
        let run = try NarrateProcess.run(
            ["speak", book, "-o", "library", "--library", "--per-chapter", "--format", "opus", "--narrator", "Nora Reader",
             "-q"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let folder = directory.appendingPathComponent("library/Ann Author/Les Écureuils")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files.count == 4 && files.last == "cover.png", "\(files)")
        for file in files.dropLast() {
            let tags = try ProbedAudio(folder.appendingPathComponent(file).path).tags
            let seen = AudiobookshelfBook(tags).fields
            #expect(seen["title"] == "Les Écureuils" && seen["narrators"] == "Nora Reader" && seen["series"] == nil, "\(tags)")
        }
    }

    @Test(arguments: [
        (["--library", "-o", "-", "--format", "m4b"], "narrate: --library writes a book's folder under -o DIR; -o - is not a folder"),
        (["--library"], "narrate: --format, --per-chapter and --library need -o FILE (or -o DIR with --per-chapter or --library)"),
        (["--library", "-o", "lib", "--format", "wav"], "narrate: --library writes audiobooks: --format m4b (the default), m4a, opus, ogg, mp3 or flac"),
        (["--narrator", "Nora", "-o", "x.wav"], "narrate: --narrator applies to audiobook formats (.m4b .m4a .opus .ogg .mp3 .flac), not WAV or the sound device"),
        (["--library", "-o", "read.epub"], "narrate: --library applies to audiobooks, not read-along books (-o BOOK.epub)"),
        (["--library", "-o", "book.m4b"],
         "narrate: --library writes into a folder: -o names a folder, not 'book.m4b' (a .m4b file); use --format m4b for the format"),
        (["--per-chapter", "-o", "out/book.opus"],
         "narrate: --per-chapter writes into a folder: -o names a folder, not 'out/book.opus' (a .opus file); use --format opus for the format"),
    ])
    func libraryAndNarratorMistakesAreUsageErrors(_ arguments: [String], firstLine: String) throws {
        try expectUsageError(["speak", "book.txt"] + arguments, firstLine: firstLine)
    }
}

/// What Audiobookshelf (2.x) makes of an audio file's tags: its prober takes
/// each field from the first of its tag names ffprobe reports, and its
/// scanner fills the book from them, each with an alternative tag
/// (server/utils/prober.js, server/scanner/AudioFileScanner.js).
struct AudiobookshelfBook {
    /// Field → value; lists (authors, narrators, genres) joined with `|`.
    var fields: [String: String] = [:]

    init(_ tags: [String: String]) {
        func grab(_ names: String...) -> String? { names.lazy.compactMap { tags[$0] }.first { !$0.isEmpty } }
        func names(_ text: String) -> String { text.components(separatedBy: ", ").joined(separator: "|") }
        fields["title"] = grab("album", "talb", "tal") ?? grab("title", "tit2", "tt2")
        fields["authors"] = (grab("artist", "tpe1", "tp1") ?? grab("albumartist", "album_artist", "tpe2")).map(names)
        fields["narrators"] = grab("composer", "tcom", "tcm").map(names)
        fields["description"] = grab("description", "desc") ?? grab("comment", "comm", "com")
        fields["publisher"] = grab("publisher", "tpub", "tpb")
        fields["publishedYear"] = grab("date", "tyer", "tye")
        fields["genres"] = grab("genre", "tcon", "tco").map(Self.genres)
        fields["isbn"] = grab("isbn")
        fields["language"] = grab("language", "lang")
        if let series = grab("series", "show", "mvnm") {
            fields["series"] = series
            fields["sequence"] = grab("series-part", "episode_id", "mvin", "part")
        } else if let grouping = grab("grouping", "grp1") {
            let parts = grouping.components(separatedBy: " #")
            fields["series"] = parts[0]
            fields["sequence"] = parts.count > 1 ? parts[1] : nil
        }
    }

    /// Its genre splitting: at the first of `/`, `//`, `;` the text holds.
    static func genres(_ text: String) -> String {
        let separator = ["/", "//", ";"].first { text.contains($0) }
        let parts = separator.map { text.components(separatedBy: $0) } ?? [text]
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "|")
    }
}
