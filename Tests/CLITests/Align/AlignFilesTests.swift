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
/// warped file by file, it is the second file's head.
@Suite(
    .enabled(if: AlignCorpus.isPresent, "../shared/corpus is absent"),
    .enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg is not installed (scripts/setup installs it)"))
struct AlignFilesTests {
    @Test func aPreambleAtTheStartOfAChapterFileIsFoundAndLeftOut() throws {
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
    }
}
