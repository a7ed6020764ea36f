import Foundation
import Testing
import TestSupport

/// Pages of Pride and Prejudice read by espeak-ng's en-gb voice (its own
/// timings are the truth) and aligned against the en-us reference.
@Suite(
    .enabled(if: AlignCorpus.isPresent, "../shared/corpus is absent"),
    .enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg is not installed (scripts/setup installs it)"))
struct AlignBritishReadingTests {
    /// The title page, imprint and chapter I: the front matter's short
    /// lines match about twice as poorly as the chapter's prose (0.8–1.1
    /// against a median of 0.5) yet far better than unrelated frames
    /// (3.7–4.5), so they are found.
    @Test func frontMatterReadInTheRecordingIsFound() throws {
        let directory = try Self.reading(pages: "1-3")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try NarrateProcess.run(["align", AlignCorpus.prideAndPrejudice, "gb.wav", "--pages", "1-3", "--timings", "aligned.json"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("not found"), "\(run.stderr)")
        #expect(!run.stderr.contains("are not in the text"), "\(run.stderr)")
        let (truth, aligned) = try Self.times(in: directory)
        let accuracy = Accuracy(truth: truth, aligned: aligned)
        print("align accuracy, Pride and Prejudice pages 1-3 in en-gb: \(accuracy)")
        #expect(accuracy.notFound == 0, "\(accuracy)")
        #expect(accuracy.sentences.max <= 0.25, "\(accuracy)")
    }

    /// Chapter I aligned with it and the eleven chapters after it, as a
    /// user aligns the first file of an audiobook with the whole book.
    /// Before, with leaving the end unread no cheaper than a jump, the
    /// warping read chapter I's last minute as the chapters after it
    /// (passed through in jumps) and left the rest of chapter I unread;
    /// before that, it squeezed all twelve chapters into the recording.
    @Test func aChapterAlignedWithTheChaptersAfterItLeavesThemUnread() throws {
        let directory = try Self.reading(pages: "3")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try NarrateProcess.run(
            ["align", AlignCorpus.prideAndPrejudice, "gb.wav", "--pages", "3-14", "--timings", "aligned.json"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("pages 4-14: the recording ends before the text: its last ") == true
            && lines.first?.contains("sentences, from “II”, are not in it") == true, "\(run.stderr)")
        let (truth, aligned) = try Self.times(in: directory)
        let accuracy = Accuracy(truth: truth, aligned: aligned)
        print("align accuracy, Pride and Prejudice chapter I in en-gb against chapters I-XII: \(accuracy)")
        #expect(accuracy.notFound == 0, "\(accuracy)")
        #expect(accuracy.sentences.within50 >= 0.95 && accuracy.sentences.max <= 0.25, "\(accuracy)")
        #expect(aligned.utterances.count == truth.utterances.count, "nothing after chapter I is given a time")
    }

    /// A new folder holding `gb.wav`, the book's `pages` spoken in en-gb,
    /// and `truth.json`, their timings.
    static func reading(pages: String) throws -> URL {
        let directory = try NarrateProcess.temporaryDirectory()
        let speak = try NarrateProcess.run(
            ["speak", AlignCorpus.prideAndPrejudice, "--pages", pages, "--voice", "en-gb", "-o", "gb.wav", "--timings", "truth.json", "-q"],
            in: directory)
        try #require(speak.status == 0, "\(speak.stderr)")
        return directory
    }

    /// The truth and what `narrate align` wrote to `aligned.json`.
    static func times(in directory: URL) throws -> (truth: OnsetTimes, aligned: OnsetTimes) {
        (try OnsetTimes(path: directory.appendingPathComponent("truth.json").path),
         try OnsetTimes(path: directory.appendingPathComponent("aligned.json").path))
    }
}
