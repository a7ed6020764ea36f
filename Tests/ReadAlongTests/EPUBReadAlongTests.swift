import BookFiles
import Foundation
import Testing
import TestSupport

@testable import ReadAlong

/// The read-along book as a whole, from the fixtures in memory and a stand-in
/// audio file: what changes, what stays byte for byte, and the EPUB rules.
struct EPUBReadAlongTests {
    /// The files of an exploded fixture book as an in-memory archive, in name order.
    static func archive(_ fixture: String) throws -> MemoryArchive {
        let root = PackageFixtures.url("epub/" + fixture).path
        let names = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted().filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        return MemoryArchive(try names.map { ($0, [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + $0)))) })
    }

    /// Writes the fixture read-along with each document's utterances given,
    /// and opens the result. Each document has an audio file of its own,
    /// unless `sharedAudio` (one recording for all, as an aligned M4B).
    static func write(_ fixture: String, _ documents: [(String, [TimedUtterance])], sync: SyncLevel = .sentence, sharedAudio: Bool = false)
        throws -> (book: ZipArchive, bytes: [UInt8], report: EPUBReadAlong.Report)
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readalong-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let audio = documents.indices.map { index in
            let path = directory.appendingPathComponent("audio-\(sharedAudio ? 0 : index).mp3").path
            _ = FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xF3, 0x44, 0xC4, UInt8(index)]))
            return path
        }
        let output = directory.appendingPathComponent("out.epub").path
        let book = EPUBReadAlong(archive: try archive(fixture), packagePath: "OEBPS/package.opf", sync: sync)
        let report = try book.write(documents.indices.map { index in
            EPUBReadAlong.NarratedDocument(contentPath: documents[index].0, utterances: documents[index].1, audioFile: audio[index],
                audioExtension: "mp3", audioType: "audio/mpeg")
        }, to: output)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        return (try ZipArchive(bytes: bytes), bytes, report)
    }

    static let one: [TimedUtterance] = [
        ContentDocumentMarkerTests.utterance("The First Walk\n", begin: 0),
        ContentDocumentMarkerTests.utterance("The fox ran through the wood at dawn. ", begin: 4),
    ]
    static let two: [TimedUtterance] = [ContentDocumentMarkerTests.utterance("The Second Walk\n", begin: 0)]

    @Test func putsMimetypeFirstAndStoredAndKeepsEveryOtherFileButTheEditedOnes() throws {
        let (book, bytes, _) = try Self.write("read-along", [("OEBPS/text/one.xhtml", Self.one), ("OEBPS/text/two.xhtml", Self.two)])
        // A zip's first local header: signature, then the method at 8, the name at 30.
        #expect(Array(bytes[0..<4]) == [0x50, 0x4B, 0x03, 0x04])
        #expect(bytes[8] == 0 && bytes[9] == 0, "mimetype must be stored")
        #expect(String(decoding: bytes[30..<38], as: UTF8.self) == "mimetype")
        #expect(book.entryPaths.first == "mimetype")
        let original = try Self.archive("read-along")
        let changed: Set = ["OEBPS/package.opf", "OEBPS/text/one.xhtml", "OEBPS/text/two.xhtml"]
        for path in original.entryPaths where !changed.contains(path) {
            #expect(try book.read(path) == original.read(path), "\(path) changed")
        }
        for path in changed {
            #expect(try book.read(path) != original.read(path), "\(path) unchanged")
        }
        #expect(Set(book.entryPaths).isSuperset(of: [
            "OEBPS/narrate/one.smil", "OEBPS/narrate/one.mp3", "OEBPS/narrate/two.smil", "OEBPS/narrate/two.mp3",
            "OEBPS/narrate/read-along.css",
        ]))
    }

    /// Documents narrated by one recording (an aligned M4B's chapters) share
    /// its one entry in the book, each overlay pointing into it.
    @Test func documentsThatShareARecordingShareItsEntry() throws {
        let (book, _, report) = try Self.write(
            "read-along", [("OEBPS/text/one.xhtml", Self.one), ("OEBPS/text/two.xhtml", Self.two)], sharedAudio: true)
        let audio = book.entryPaths.filter { $0.hasSuffix(".mp3") }
        #expect(audio == ["OEBPS/narrate/one.mp3"])
        #expect(report.overlays.map(\.audioPath) == ["OEBPS/narrate/one.mp3", "OEBPS/narrate/one.mp3"])
        let package = String(decoding: try book.read("OEBPS/package.opf"), as: UTF8.self)
        #expect(package.components(separatedBy: "audio/mpeg").count == 2, "one manifest item for the shared file")
    }

    @Test func tiesEachDocumentToItsOverlayWithDurationsThatAddUp() throws {
        let (book, _, report) = try Self.write("read-along", [("OEBPS/text/one.xhtml", Self.one), ("OEBPS/text/two.xhtml", Self.two)])
        let package = String(decoding: try book.read("OEBPS/package.opf"), as: UTF8.self)
        #expect(package.contains("href=\"text/one.xhtml\" media-type=\"application/xhtml+xml\" media-overlay=\"narrate-smil-one\""))
        #expect(package.contains("<meta property=\"media:duration\" refines=\"#narrate-smil-one\">0:00:12.000</meta>"))
        #expect(package.contains("<meta property=\"media:duration\" refines=\"#narrate-smil-two\">0:00:03.000</meta>"))
        #expect(package.contains("<meta property=\"media:duration\">0:00:15.000</meta>"))
        #expect(package.contains("<meta property=\"media:active-class\">narrate-active</meta>"))
        #expect(package.contains("<meta property=\"dcterms:modified\">") && !package.contains("2026-12-01T00:00:00Z"))
        #expect(report.overlays.count == 2 && report.unmatched == 0)
        let smil = String(decoding: try book.read("OEBPS/narrate/one.smil"), as: UTF8.self)
        // The heading's clip runs on to the next one: the pause after it is played, not skipped.
        #expect(smil.contains("<text src=\"../text/one.xhtml#narrate-s1\"/><audio src=\"one.mp3\" clipBegin=\"0:00:00.000\" clipEnd=\"0:00:04.000\"/>"))
        #expect(smil.contains("<par id=\"p2\"><text src=\"../text/one.xhtml#narrate-s2\"/>"
            + "<audio src=\"one.mp3\" clipBegin=\"0:00:04.000\" clipEnd=\"0:00:12.000\"/></par>"))
        let css = String(decoding: try book.read("OEBPS/narrate/read-along.css"), as: UTF8.self)
        #expect(css.contains(".narrate-active {"))
    }

    @Test func everyTextSourceReachesAnIDThatExists() throws {
        let (book, _, _) = try Self.write("read-along", [("OEBPS/text/one.xhtml", Self.one)], sync: .word)
        let smil = String(decoding: try book.read("OEBPS/narrate/one.smil"), as: UTF8.self)
        let document = String(decoding: try book.read("OEBPS/text/one.xhtml"), as: UTF8.self)
        // Eleven words' <text src> and the section's <seq epub:textref>.
        let targets = smil.components(separatedBy: "one.xhtml#").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(targets.count == 12 && smil.components(separatedBy: "<text src=").count == 12)
        for id in targets { #expect(document.contains("id=\"\(id)\""), "\(id)") }
        #expect(smil.contains("    <seq epub:textref=\"../text/one.xhtml#first\">\n      <par id=\"p1\">"))
        #expect(smil.contains("</par>\n    </seq>\n  </body>"))
    }

    @Test func upgradesAnEPUB2BookWithANavigationDocumentFromItsNCX() throws {
        let chapter = [ContentDocumentMarkerTests.utterance("Chapter One\n", begin: 0)]
        let (book, _, _) = try Self.write("read-along-epub2", [("OEBPS/chapter1.xhtml", chapter)])
        let package = String(decoding: try book.read("OEBPS/package.opf"), as: UTF8.self)
        #expect(package.contains("version=\"3.0\"") && !package.contains("opf:role") && !package.contains("opf:scheme"))
        #expect(package.contains("<meta property=\"role\" refines=\"#narrate-creator\" scheme=\"marc:relators\">aut</meta>"))
        #expect(package.contains("<item id=\"narrate-nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>"))
        #expect(package.contains("<spine toc=\"ncx\">") && book.contains("OEBPS/toc.ncx"))
        let navigation = String(decoding: try book.read("OEBPS/nav.xhtml"), as: UTF8.self)
        #expect(navigation.contains("<li><a href=\"chapter1.xhtml#garden\">The &amp; Garden</a>"))
        let chapterText = String(decoding: try book.read("OEBPS/chapter1.xhtml"), as: UTF8.self)
        #expect(chapterText.contains("<!DOCTYPE html>\n") && !chapterText.contains("XHTML 1.1"))
        // Not narrated, so not edited: the second chapter keeps every byte.
        #expect(try book.read("OEBPS/chapter2.xhtml") == Self.archive("read-along-epub2").read("OEBPS/chapter2.xhtml"))
    }

    @Test func leavesADocumentWhoseTextIsNotFoundAsItWas() throws {
        let stray = [ContentDocumentMarkerTests.utterance("Words that are nowhere.", begin: 0)]
        let (book, _, report) = try Self.write("read-along", [("OEBPS/text/two.xhtml", stray)])
        #expect(report.overlays.isEmpty && report.skipped.map(\.path) == ["OEBPS/text/two.xhtml"])
        #expect(try book.read("OEBPS/text/two.xhtml") == Self.archive("read-along").read("OEBPS/text/two.xhtml"))
        #expect(!book.contains("OEBPS/narrate/read-along.css"))
    }

    @Test func writesClockValuesAsHoursMinutesSecondsAndMilliseconds() {
        #expect(XMLText.clock(0) == "0:00:00.000")
        #expect(XMLText.clock(83.4567) == "0:01:23.457")
        #expect(XMLText.clock(36_000.5) == "10:00:00.500")
    }

    @Test func findsRelativeHrefsBetweenEntries() {
        #expect(RelativePath.href(to: "OEBPS/narrate/ch 1.smil", from: "OEBPS/text/ch1.xhtml") == "../narrate/ch%201.smil")
        #expect(RelativePath.href(to: "OEBPS/text/a.xhtml", from: "OEBPS/narrate/a.smil") == "../text/a.xhtml")
        #expect(RelativePath.href(to: "nav.xhtml", from: "package.opf") == "nav.xhtml")
    }
}

/// The package edits that keep a book valid once its own overlays are gone.
struct PackageEditorTests {
    @Test func metadataRefiningADroppedAudioItemGoesWithIt() throws {
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:identifier id="id">x</dc:identifier><dc:creator id="author">A</dc:creator>
            <meta property="role" refines="#author">aut</meta>
            <meta property="dcterms:rights" refines="#ch1_audio">Owner</meta>
            <meta property="dcterms:rights">Everyone</meta>
            </metadata>
            <manifest>
            <item id="ch1" href="ch1.xhtml" media-type="application/xhtml+xml" media-overlay="ch1_smil"/>
            <item id="ch1_smil" href="ch1.smil" media-type="application/smil+xml"/>
            <item id="ch1_audio" href="ch1.mp3" media-type="audio/mpeg"/>
            </manifest>
            <spine><itemref idref="ch1"/></spine>
            </package>
            """
        var editor = try PackageEditor(bytes: Array(package.utf8), path: "OPS/package.opf")
        editor.dropOverlays()
        editor.dropMissingAudio(in: MemoryArchive(["OPS/ch1.xhtml": Array("<html/>".utf8)]))
        editor.dropOrphanRefinements()
        let result = String(decoding: editor.bytes, as: UTF8.self)
        #expect(!result.contains("ch1_audio") && !result.contains("Owner"), "\(result)")
        #expect(result.contains("<meta property=\"role\" refines=\"#author\">aut</meta>"))
        #expect(result.contains("<meta property=\"dcterms:rights\">Everyone</meta>"))
    }

    /// A package with one spine item, `ch1`, and the manifest's `<item>`s.
    static func package(manifest items: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier></metadata>
        <manifest>
        \(items)
        </manifest>
        <spine><itemref idref="ch1"/></spine>
        </package>
        """
    }

    /// A narrated book made read-along again: the recording only its own
    /// overlays played goes with them; audio a document plays is kept.
    @Test func audioOnlyTheDroppedOverlaysPlayedGoesWithThem() throws {
        let package = Self.package(manifest: """
            <item id="ch1" href="text/ch1.xhtml" media-type="application/xhtml+xml" media-overlay="ch1_smil"/>
            <item id="ch1_smil" href="mo/ch1.smil" media-type="application/smil+xml"/>
            <item id="reading" href="audio/reading.mp3" media-type="audio/mpeg"/>
            <item id="song" href="audio/song.mp3" media-type="audio/mpeg"/>
            <item id="other" href="audio/other.mp3" media-type="audio/mpeg"/>
            """)
        let smil = """
            <smil xmlns="http://www.w3.org/ns/SMIL" version="3.0"><body>
            <par><text src="../text/ch1.xhtml#p1"/><audio src="../audio/reading.mp3" clipBegin="0s" clipEnd="2s"/></par>
            <par><text src="../text/ch1.xhtml#p2"/><audio src="../audio/song.mp3" clipBegin="0s" clipEnd="1s"/></par>
            </body></smil>
            """
        let chapter = "<html><body><p id=\"p1\">One.</p><p id=\"p2\">Two.</p><audio src=\"../audio/song.mp3\"/></body></html>"
        let archive = MemoryArchive([
            "OPS/text/ch1.xhtml": Array(chapter.utf8), "OPS/mo/ch1.smil": Array(smil.utf8),
            "OPS/audio/reading.mp3": [1, 2, 3], "OPS/audio/song.mp3": [4, 5], "OPS/audio/other.mp3": [6],
        ])
        var editor = try PackageEditor(bytes: Array(package.utf8), path: "OPS/package.opf")
        editor.dropOverlays()
        #expect(editor.dropOverlayAudio(in: archive) == ["OPS/audio/reading.mp3"])
        let result = String(decoding: editor.bytes, as: UTF8.self)
        #expect(!result.contains("reading.mp3"), "\(result)")
        #expect(result.contains("audio/song.mp3"), "played by the document's <audio> as well")
        #expect(result.contains("audio/other.mp3"), "played by no overlay")
    }

    @Test func audioFileNamesAreFoundInAnyMarkup() {
        let text = #"<audio src="../audio/Ch%201.MP3"/><source src='song.ogg'>url(x/intro-2.m4a) not.mp3s a.b.wav song.mp3.bak"#
        #expect(AudioFileNames.named(in: Array(text.utf8)) == ["Ch%201.MP3", "Ch 1.MP3", "song.ogg", "intro-2.m4a", "a.b.wav"])
        #expect(AudioFileNames.named(in: Array(".mp3 . x.mp".utf8)).isEmpty, "no name before the dot, or no whole extension")
        let long = String(repeating: "a", count: 400) + ".mp3"
        #expect(AudioFileNames.named(in: Array(long.utf8)) == [String(repeating: "a", count: 255) + ".mp3"], "at most 255 bytes back")
    }

    @Test func anOverlayThatCannotBeReadKeepsAllAudio() throws {
        let package = Self.package(manifest: """
            <item id="ch1" href="ch1.xhtml" media-type="application/xhtml+xml" media-overlay="ch1_smil"/>
            <item id="ch1_smil" href="ch1.smil" media-type="application/smil+xml"/>
            <item id="reading" href="reading.mp3" media-type="audio/mpeg"/>
            """)
        let archive = MemoryArchive(["OPS/ch1.xhtml": Array("<html/>".utf8), "OPS/ch1.smil": Array("<smil><audio src=".utf8), "OPS/reading.mp3": [1]])
        var editor = try PackageEditor(bytes: Array(package.utf8), path: "OPS/package.opf")
        editor.dropOverlays()
        #expect(editor.dropOverlayAudio(in: archive).isEmpty)
        #expect(String(decoding: editor.bytes, as: UTF8.self).contains("reading.mp3"))
    }
}
