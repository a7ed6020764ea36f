import Foundation
import FoundationXML
import TestSupport
import Testing

/// A recording narrate did not make: the W3C test book `mol-navigation`
/// carries its own reading (two MP3s) and Media Overlays that cut it
/// paragraph by paragraph, each clip from the middle of one pause to the
/// middle of the next. Aligned with that book, every sentence must start
/// inside its own paragraph's clip.
@Suite(.enabled(if: AlignCorpus.hasMediaOverlayBook, "../shared/corpus is absent"))
struct AlignMediaOverlayBookTests {
    static let book = AlignCorpus.mediaOverlayBook

    @Test func eachSentenceStartsInsideItsParagraphsClip() throws {
        let folder = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unpacked = folder.appendingPathComponent("book")
        let book = try ReadAlongBook(Self.book, into: unpacked)
        let audio = ["EPUB/audio/ch1.mp3", "EPUB/audio/ch2.mp3"].map { unpacked.appendingPathComponent($0).path }
        let run = try NarrateProcess.run(["align", Self.book] + audio + ["--timings", "aligned.json", "-q"], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        let aligned = try OnsetTimes(path: folder.appendingPathComponent("aligned.json").path)

        // The clips of each chapter in order, in seconds of the two files
        // played one after the other; each clip is the next paragraph's
        // (the book's last clip in ch1 names the paragraph before it again).
        var paragraphs: [(text: String, clip: Range<Double>)] = []
        var offset = 0.0
        for (chapter, file) in [("EPUB/ch1.xhtml", audio[0]), ("EPUB/ch2.xhtml", audio[1])] {
            let clips = book.overlays.values.flatMap { $0 }.filter { $0.document == chapter }.sorted { $0.begin < $1.begin }
            let texts = try Self.paragraphTexts(unpacked.appendingPathComponent(chapter))
            try #require(clips.count == texts.count, "\(chapter): \(clips.count) clips for \(texts.count) paragraphs")
            paragraphs += zip(texts, clips).map { ($0, (offset + $1.begin)..<(offset + $1.end)) }
            offset += try Self.duration(file)
        }
        try #require(aligned.utterances.count >= paragraphs.count, "\(aligned.utterances.map(\.text))")
        // Sentences and paragraphs in order: each sentence in the first paragraph from the last one's on that holds it.
        var paragraph = 0
        for utterance in aligned.utterances {
            let sentence = Self.words(utterance.text)
            while paragraph < paragraphs.count, !Self.words(paragraphs[paragraph].text).contains(sentence) { paragraph += 1 }
            try #require(paragraph < paragraphs.count, "no paragraph holds “\(utterance.text)”")
            let clip = paragraphs[paragraph].clip
            #expect(clip.contains(utterance.start), "“\(utterance.text)” starts at \(utterance.start) s, outside its paragraph's clip \(clip)")
        }
        #expect(paragraph == paragraphs.count - 1, "every paragraph read")
    }

    /// The book made read-along with its own reading: narrate's overlays
    /// replace the book's, and the audio only those played goes with them.
    @Test func theReadAlongBookKeepsOnlyTheNewOverlaysAudio() throws {
        let folder = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try ReadAlongBook(Self.book, into: folder.appendingPathComponent("original"))
        let audio = ["EPUB/audio/ch1.mp3", "EPUB/audio/ch2.mp3"].map { original.folder.appendingPathComponent($0).path }
        let books = folder.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        let run = try NarrateProcess.run(["align", Self.book] + audio + ["-o", "books/read-along.epub", "--sync", "word", "-q"], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        let made = try ReadAlongBook(books.appendingPathComponent("read-along.epub").path, into: folder.appendingPathComponent("made"))
        let played = Set(made.overlays.values.flatMap { $0 }.map(\.audio))
        #expect(played == ["EPUB/narrate/ch1.mp3", "EPUB/narrate/ch2.mp3"], "\(played)")
        #expect(made.overlays.keys.allSatisfy { $0.hasPrefix("EPUB/narrate/") }, "the book's own overlays are gone: \(made.overlays.keys)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: made.folder.appendingPathComponent("EPUB/audio").path)) ?? []
        #expect(left.isEmpty, "the old reading is not carried twice: \(left)")
        try FileManager.default.removeItem(at: made.folder)
        try ReadAlongCommandTests.expectClean(books, books: 1)
    }

    /// The text of each element with an `id` under `<body>` (the book's
    /// paragraphs and headings, each with its clip), in order.
    static func paragraphTexts(_ file: URL) throws -> [String] {
        let document = try XMLDocument(contentsOf: file)
        let body = ReadAlongBook.elements(named: "body", under: document.rootElement()).first
        return ((body?.children ?? []).compactMap { $0 as? XMLElement }).filter { $0.value("id") != nil }.map { $0.stringValue ?? "" }
    }

    /// Letters and digits only, words parted by one space.
    static func words(_ text: String) -> String {
        text.split { !$0.isLetter && !$0.isNumber }.joined(separator: " ").lowercased()
    }

    /// A file's length as ffmpeg decodes it (as narrate does, without the
    /// MP3 encoder's padding that ffprobe's duration counts), in seconds.
    static func duration(_ path: String) throws -> Double {
        let wav = path + ".wav"
        let decode = try ChildProcess.run("/usr/bin/env", ["ffmpeg", "-v", "error", "-y", "-i", path, "-ac", "1", "-ar", "22050", wav])
        try #require(decode.status == 0, "\(decode.output)")
        return Double(try WAVSamples(path: wav).samples.count) / 22_050
    }
}
