import Foundation
import Testing
import TestSupport

/// A recording of one chapter aligned with that chapter and the eleven
/// after it, as a user aligns the first file of an audiobook with the whole
/// book: chapter I of Pride and Prejudice read by espeak-ng's en-gb voice
/// (its own timings are the truth) against the en-us reference.
@Suite(
    .enabled(if: AlignCorpus.isPresent, "../shared/corpus is absent"),
    .enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg is not installed (scripts/setup installs it)"))
struct AlignPartialReadingTests {
    /// Before, with leaving the end unread no cheaper than a jump, the
    /// warping read chapter I's last minute as the chapters after it
    /// (passed through in jumps) and left the rest of chapter I unread;
    /// before that, it squeezed all twelve chapters into the recording.
    @Test func aChapterAlignedWithTheChaptersAfterItLeavesThemUnread() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let speak = try NarrateProcess.run(
            ["speak", AlignCorpus.prideAndPrejudice, "--pages", "3", "--voice", "en-gb", "-o", "chapter.wav", "--timings", "truth.json", "-q"],
            in: directory)
        try #require(speak.status == 0, "\(speak.stderr)")
        let run = try NarrateProcess.run(
            ["align", AlignCorpus.prideAndPrejudice, "chapter.wav", "--pages", "3-14", "--timings", "aligned.json"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("pages 4-14: the recording ends before the text: its last ") == true
            && lines.first?.contains("sentences, from “II”, are not in it") == true, "\(run.stderr)")
        let truth = try OnsetTimes(path: directory.appendingPathComponent("truth.json").path)
        let aligned = try OnsetTimes(path: directory.appendingPathComponent("aligned.json").path)
        let accuracy = Accuracy(truth: truth, aligned: aligned)
        print("align accuracy, Pride and Prejudice chapter I in en-gb against chapters I-XII: \(accuracy)")
        #expect(accuracy.notFound == 0, "\(accuracy)")
        #expect(accuracy.sentences.within50 >= 0.95 && accuracy.sentences.max <= 0.25, "\(accuracy)")
        #expect(aligned.utterances.count == truth.utterances.count, "nothing after chapter I is given a time")
    }
}
