import Foundation
import Testing
import TestSupport

/// A recording of part of a book aligned with the whole of it, with no
/// `--from` or `--pages`: the speech recogniser writes down the
/// recording's beginning and end, and only the part of the text they are
/// found in is aligned. Before, the text before the reading was warped
/// into its first seconds (a reading of Alice's first pages against the
/// book with its front matter was refused: 3 of 10 sentences heard), and
/// the whole book was spoken for reference (two minutes for a chapter of
/// Pride and Prejudice).
@Suite(
    .enabled(if: PiperAudiobookTests.voiceIsInstalled, "the Piper voice is not installed (scripts/setup installs it)"),
    .enabled(if: AlignAccuracyTests.recognizerIsInstalled, "PocketSphinx is not installed (scripts/setup --tests installs it)"),
    .enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg is not installed (scripts/setup installs it)"))
struct AlignPartOfABookTests {
    /// The Piper reading of the rabbit-hole passage after a LibriVox-style
    /// announcement, aligned with a text that has other pages before and
    /// after the passage.
    @Test func aReadingAfterAnAnnouncementIsFoundInTheMiddleOfTheText() throws {
        let human = try AlignAccuracyTests.recording.get()
        let folder = human.folder
        try "Chapter one of Alice's Adventures in Wonderland. This is a LibriVox recording. All LibriVox recordings are in the public domain. For more information, or to volunteer, please visit librivox dot org.\n"
            .write(to: folder.appendingPathComponent("announcement.txt"), atomically: true, encoding: .utf8)
        let spoken = try NarrateProcess.run(["speak", "announcement.txt", "--engine", "piper", "-o", "announcement.wav", "-q", "-f"], in: folder)
        try #require(spoken.status == 0, "\(spoken.stderr)")
        let announcement = try WAVSamples(path: folder.appendingPathComponent("announcement.wav").path)
        var samples = try WAVSamples(path: human.wav)
        samples.samples = announcement.samples + samples.samples
        let wav = folder.appendingPathComponent("announced.wav").path
        try samples.write(to: wav)
        let other = try String(contentsOfFile: NarrateProcess.fixture("align/unrelated.txt"), encoding: .utf8)
        let passage = try String(contentsOfFile: AlignAccuracyTests.text, encoding: .utf8)
        let text = "Imprint\n\n" + other + "\n\n" + passage + "\n\nColophon\n\n" + other
        try text.write(to: folder.appendingPathComponent("book.txt"), atomically: true, encoding: .utf8)

        let run = try NarrateProcess.run(["align", "book.txt", wav, "--timings", "announced.json", "-f"], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("announced.wav: the recording reads part of the text, from page 2 (“I Down the Rabbit-Hole"), "\(run.stderr)")
        let head = run.stderr.firstMatch(of: /the first ([0-9.]+) s are not in the text/).flatMap { Double($0.1) }
        let seconds = Double(announcement.samples.count) / Double(announcement.sampleRate)
        // Its sound: the silence at its end (Piper's after the last sentence) is not counted.
        #expect(head.map { $0 <= seconds && $0 >= seconds - 3 } == true, "the announcement (\(seconds) s) is reported: \(run.stderr)")
        let aligned = try OnsetTimes(path: folder.appendingPathComponent("announced.json").path)
        let accuracy = Accuracy(truth: human.truth.shifted(by: seconds), aligned: aligned)
        print("align accuracy, the passage after an announcement, found in a longer text: \(accuracy)")
        #expect(accuracy.notFound == 0, "\(accuracy)")
        // The one-word heading "I" right after an announcement in the same voice may be matched with
        // the announcement's last second (1.27 s early in one CI run; the other nine within 50 ms).
        #expect(accuracy.sentences.within50 >= 0.9 && accuracy.sentences.max <= 1.5, "\(accuracy)")
        #expect(accuracy.words.within50 >= 0.9, "\(accuracy)")
        #expect(aligned.utterances.count == human.truth.utterances.count, "nothing outside the passage is given a time")
    }

    /// The book is read once more for its words before the reference
    /// speech reads it: its warnings are still printed once.
    @Test func theBooksWarningsArePrintedOnceWhenItIsListenedTo() throws {
        let human = try AlignAccuracyTests.recording.get()
        var samples = try WAVSamples(path: human.wav)
        samples.samples = Array(samples.samples.prefix(5 * samples.sampleRate))
        let wav = human.folder.appendingPathComponent("five-seconds.wav").path
        try samples.write(to: wav)
        let book = NarrateProcess.fixture("epub/nav-links-miss-their-folder.epub")
        let run = try NarrateProcess.run(["align", book, wav, "--timings", "five.json", "-f"], in: human.folder)
        let warning = "table-of-contents links point at missing files"
        #expect(run.stderr.components(separatedBy: warning).count - 1 == 1, "\(run.stderr)")
        #expect(run.stderr.contains("the recording is much shorter than the text, and the recogniser found neither its beginning nor its end in it"),
            "\(run.stderr)")
    }

    /// Chapter III of Pride and Prejudice read by Piper, aligned with the
    /// whole novel, then with chapters III–XII. Also a whole reading of a page whose last sentence
    /// ("I quite detest the man.") was left unread, at no cost to speak of,
    /// when the warping could end early after a sentence or two.
    @Test(.enabled(if: AlignCorpus.isPresent, "../shared/corpus is absent"))
    func aChapterIsFoundInTheWholeNovel() throws {
        let folder = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let speak = try NarrateProcess.run(
            ["speak", AlignCorpus.prideAndPrejudice, "--pages", "5", "--engine", "piper", "-o", "iii.wav", "--timings", "truth.json", "-q"],
            in: folder)
        try #require(speak.status == 0, "\(speak.stderr)")
        let run = try NarrateProcess.run(["align", AlignCorpus.prideAndPrejudice, "iii.wav", "--timings", "aligned.json"], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("the recording reads part of the text, from page 5 (“III Not all that Mrs. Bennet") == true
            && lines.first?.contains("to page 5: only that part is aligned") == true, "\(run.stderr)")
        let truth = try OnsetTimes(path: folder.appendingPathComponent("truth.json").path)
        let aligned = try OnsetTimes(path: folder.appendingPathComponent("aligned.json").path)
        let accuracy = Accuracy(truth: truth, aligned: aligned)
        print("align accuracy, Pride and Prejudice chapter III by Piper, found in the whole novel: \(accuracy)")
        #expect(accuracy.notFound == 0, "\(accuracy)")
        #expect(accuracy.sentences.within50 >= 0.95 && accuracy.sentences.max <= 0.5, "\(accuracy)")
        #expect(aligned.utterances.count == truth.utterances.count)

        // Told where it begins, not where it ends (chapters III–XII): the
        // warping alone spread the ten chapters over the reading, and the
        // recogniser refused it (0–1 of 12 sentences heard).
        let told = try NarrateProcess.run(
            ["align", AlignCorpus.prideAndPrejudice, "iii.wav", "--pages", "5-14", "--timings", "told.json"], in: folder)
        try #require(told.status == 0, "\(told.stderr)")
        #expect(told.stderr.contains("the recording reads part of the text chosen, from where it begins to page 5: only that part is aligned"),
            "\(told.stderr)")
        let toldAccuracy = Accuracy(truth: truth, aligned: try OnsetTimes(path: folder.appendingPathComponent("told.json").path))
        print("align accuracy, the same against --pages 5-14: \(toldAccuracy)")
        #expect(toldAccuracy.notFound == 0, "\(toldAccuracy)")
        #expect(toldAccuracy.sentences.within50 >= 0.95 && toldAccuracy.sentences.max <= 0.5, "\(toldAccuracy)")
    }
}
