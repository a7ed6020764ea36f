import Foundation
import Testing
import TestSupport

/// The title page, imprint and chapter I of Pride and Prejudice read by
/// espeak-ng's en-gb voice (its own timings are the truth) and aligned
/// against the en-us reference: the front matter's short lines match
/// about twice as poorly as the chapter's prose (0.8–1.1 against a median
/// of 0.5) yet far better than unrelated frames (3.7–4.5), so they are found.
@Suite(
    .enabled(if: AlignCorpus.isPresent, "../shared/corpus is absent"),
    .enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg is not installed (scripts/setup installs it)"))
struct AlignFrontMatterTests {
    @Test func frontMatterReadInTheRecordingIsFound() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let speak = try NarrateProcess.run(
            ["speak", AlignCorpus.prideAndPrejudice, "--pages", "1-3", "--voice", "en-gb", "-o", "gb.wav", "--timings", "truth.json", "-q"], in: directory)
        try #require(speak.status == 0, "\(speak.stderr)")
        let run = try NarrateProcess.run(["align", AlignCorpus.prideAndPrejudice, "gb.wav", "--pages", "1-3", "--timings", "aligned.json"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("not found"), "\(run.stderr)")
        #expect(!run.stderr.contains("are not in the text"), "\(run.stderr)")
        let accuracy = try Accuracy(
            truth: OnsetTimes(path: directory.appendingPathComponent("truth.json").path),
            aligned: OnsetTimes(path: directory.appendingPathComponent("aligned.json").path))
        print("align accuracy, Pride and Prejudice pages 1-3 in en-gb: \(accuracy)")
        #expect(accuracy.notFound == 0, "\(accuracy)")
        #expect(accuracy.sentences.max <= 0.25, "\(accuracy)")
    }
}
