import Foundation
import Testing
import TestSupport

/// An audiobook as LibriVox publishes one: a folder with a file per
/// chapter, each file opening with a preamble that is not in the book.
/// Chapters III and IV of Pride and Prejudice read by espeak-ng's en-gb
/// voice (its own timings are the truth), the second file opening with
/// another voice saying "Chapter four of Pride and Prejudice. This is a
/// LibriVox recording…". Warped as one sequence, that preamble was spread
/// over the last two sentences of chapter III (put 9 and 18 s late);
/// warped file by file, it is the second file's head. The same holds for
/// one M4B whose chapter marks are where the files met.
@Suite(
    .enabled(if: AlignCorpus.isPresent, "../shared/corpus is absent"),
    .enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg is not installed (scripts/setup installs it)"))
struct AlignFilesTests {
    @Test func aPreambleAtTheStartOfAChapterFileOrMarkIsFoundAndLeftOut() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        for (page, name) in [("5", "ch3"), ("6", "ch4")] {
            let speak = try NarrateProcess.run(
                ["speak", AlignCorpus.prideAndPrejudice, "--pages", page, "--voice", "en-gb", "--rate", "0.9", "-o", "\(name).wav", "--timings", "\(name).json", "-q"],
                in: directory)
            try #require(speak.status == 0, "\(speak.stderr)")
        }
        try "Chapter four of Pride and Prejudice. This is a LibriVox recording. All LibriVox recordings are in the public domain. For more information, or to volunteer, please visit librivox dot org.\n"
            .write(toFile: path("preamble.txt"), atomically: true, encoding: .utf8)
        let preamble = try NarrateProcess.run(["speak", "preamble.txt", "--voice", "en-us", "-o", "preamble.wav", "-q"], in: directory)
        try #require(preamble.status == 0, "\(preamble.stderr)")
        let chapter3 = try WAVSamples(path: path("ch3.wav")), chapter4 = try WAVSamples(path: path("ch4.wav"))
        let intro = try WAVSamples(path: path("preamble.wav"))
        try FileManager.default.createDirectory(atPath: path("audiobook"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("books"), withIntermediateDirectories: true)
        try chapter3.write(to: path("audiobook/pp_03.wav"))
        var withPreamble = chapter4
        withPreamble.samples = intro.samples + chapter4.samples
        try withPreamble.write(to: path("audiobook/pp_04.wav"))

        let run = try NarrateProcess.run(["align", AlignCorpus.prideAndPrejudice, "audiobook", "--pages", "5-6", "--timings", "aligned.json"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("pp_04.wav: the first "), "\(run.stderr)")
        #expect(run.stderr.contains("are not in the text (an introduction?)"), "\(run.stderr)")
        #expect(!run.stderr.contains("not found"), "\(run.stderr)")
        let rate = Double(chapter3.sampleRate)
        let truth = try OnsetTimes(path: path("ch3.json")).followed(
            by: OnsetTimes(path: path("ch4.json")).shifted(by: Double(chapter3.samples.count + intro.samples.count) / rate))
        let accuracy = try Accuracy(truth: truth, aligned: OnsetTimes(path: path("aligned.json")))
        print("align accuracy, Pride and Prejudice chapters III-IV in two files, a preamble before IV: \(accuracy)")
        #expect(accuracy.notFound == 0, "\(accuracy)")
        #expect(accuracy.sentences.max <= 0.05, "\(accuracy)")

        // The same recording as one M4B with chapter marks: at chapter IV's
        // preamble, and one in the middle of chapter III (as audiobooks cut
        // long chapters) that no page begins near, which must not cut the text.
        var joined = chapter3
        joined.samples += withPreamble.samples
        try joined.write(to: path("joined.wav"))
        let chapterIV = Int(Double(chapter3.samples.count) / rate * 1_000)
        let marks = [(0, 300_000), (300_000, chapterIV), (chapterIV, Int(Double(joined.samples.count) / rate * 1_000))]
        try (";FFMETADATA1\n" + marks.map { "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\($0.0)\nEND=\($0.1)\n" }.joined())
            .write(toFile: path("chapters.txt"), atomically: true, encoding: .utf8)
        let encode = try ChildProcess.run(
            "/usr/bin/env", ["ffmpeg", "-loglevel", "error", "-i", path("joined.wav"), "-i", path("chapters.txt"), "-map_metadata", "1",
                             "-map_chapters", "1", "-c:a", "aac", "-b:a", "64k", path("book.m4b")])
        try #require(encode.status == 0, "\(encode.output)")
        let m4b = try NarrateProcess.run(
            ["align", AlignCorpus.prideAndPrejudice, "book.m4b", "--pages", "5-6", "--timings", "m4b.json", "-o", "books/read-along.epub"],
            in: directory)
        try #require(m4b.status == 0, "\(m4b.stderr)")
        #expect(m4b.stderr.contains("book.m4b (the chapter at 10:3"), "\(m4b.stderr)")
        #expect(m4b.stderr.components(separatedBy: "not in the text").count == 2, "one report, the preamble's: \(m4b.stderr)")
        let fromM4B = try Accuracy(truth: truth, aligned: OnsetTimes(path: path("m4b.json")))
        print("align accuracy, the same as an M4B with chapter marks: \(fromM4B)")
        #expect(fromM4B.notFound == 0, "\(fromM4B)")
        #expect(fromM4B.sentences.max <= 0.05, "\(fromM4B)")

        // The read-along book holds the M4B once, as it is, both chapters' clips in it.
        let book = try ReadAlongBook(path("books/read-along.epub"), into: directory.appendingPathComponent("unpacked"))
        let clips = book.overlays.values.flatMap { $0 }
        #expect(Set(clips.map(\.audio)).count == 1 && clips.first?.audio.hasSuffix(".m4a") == true, "\(Set(clips.map(\.audio)))")
        let copied = try clips.first.map { try Data(contentsOf: directory.appendingPathComponent("unpacked").appendingPathComponent($0.audio)) }
        #expect(copied == (try Data(contentsOf: URL(fileURLWithPath: path("book.m4b")))), "the M4B is copied as it is")
        #expect(clips.contains { abs($0.begin - (Double(chapter3.samples.count + intro.samples.count) / rate)) < 0.5 },
            "chapter IV's clips point past the preamble, into the one file")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("unpacked"))
        try ReadAlongCommandTests.expectClean(directory.appendingPathComponent("books"), books: 1)
    }
}
