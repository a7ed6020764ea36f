import Foundation
import Narrator
import Testing
import TestSupport

/// A corpus chapter read by the Piper voice into an M4B through the render
/// workers: chapters and word timings as with espeak-ng.
@Suite(.enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg and ffprobe are not installed (scripts/setup installs them)"))
struct PiperAudiobookTests {
    static let book = PackageFixtures.root
        .appendingPathComponent("../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub").standardized.path
    static var isReady: Bool {
        FileManager.default.fileExists(atPath: book) && PiperRuntime.installed.isPresent
            && PiperVoiceDirectory.standard.voices().contains { $0.name == "en_US-joe-medium" }
    }

    @Test(.enabled(if: isReady, "needs ../shared/corpus and the Piper voice (scripts/setup installs it)"))
    func aCorpusChapterBecomesAnM4BWithChaptersAndWordTimings() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Pages 2-3: the title page's neighbour and chapter I, about 3 minutes.
        let run = try NarrateProcess.run(
            ["speak", Self.book, "--pages", "2-3", "--engine", "piper", "-o", "book.m4b", "--timings", "book.json", "-q"],
            in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let audio = try ProbedAudio(directory.appendingPathComponent("book.m4b").path)
        #expect(audio.chapters.count == 2, "\(audio.chapters)")
        #expect(audio.duration > 60, "\(audio.duration)")
        let data = try Data(contentsOf: directory.appendingPathComponent("book.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let words = (root["utterances"] as? [[String: Any]] ?? []).flatMap { $0["words"] as? [[String: Any]] ?? [] }
        let starts = words.compactMap { $0["start"] as? Double }
        #expect(starts.count > 300 && starts == starts.sorted(), "word cues in order")
        #expect((starts.last ?? 0) < audio.duration)
    }

    static var voiceIsInstalled: Bool {
        PiperRuntime.installed.isPresent && PiperVoiceDirectory.standard.voices().contains { $0.name == "en_US-joe-medium" }
    }

    @Test(.enabled(if: voiceIsInstalled, "the Piper voice is not installed (scripts/setup installs it)"))
    func anAudiobookInALanguageNoPiperVoiceSpeaksSaysSoOnce() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "Bonjour tout le monde.\n\nIl fait beau aujourd'hui.\n"
            .write(to: directory.appendingPathComponent("fr.txt"), atomically: true, encoding: .utf8)
        let run = try NarrateProcess.run(
            ["speak", "fr.txt", "--language", "fr", "--engine", "piper", "-o", "fr.flac"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "no Piper voice speaks 'fr").count == 2, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("fr.flac").path))
    }

    @Test(.enabled(if: voiceIsInstalled, "the Piper voice is not installed (scripts/setup installs it)"))
    func aReadAlongBookWithThePiperVoiceTiesEveryWordToItsClip() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = "The Rabbit ran past.\n\nAlice followed it down the hole, and fell for a long time.\n"
        try text.write(to: directory.appendingPathComponent("story.txt"), atomically: true, encoding: .utf8)
        let run = try NarrateProcess.run(
            ["speak", "story.txt", "--engine", "piper", "-o", "story.epub", "--sync", "word", "-q"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let folder = directory.appendingPathComponent("unpacked")
        let book = try ReadAlongBook(directory.appendingPathComponent("story.epub").path, into: folder)
        let clips = book.overlays.values.flatMap { $0 }
        #expect(clips.count == text.split(whereSeparator: \.isWhitespace).count, "one clip per word: \(clips.count)")
        for (smil, overlay) in book.overlays {
            let document = try #require(overlay.first?.document)
            let ids = try book.ids(in: document)
            let duration = try ProbedAudio(folder.appendingPathComponent(try #require(overlay.first?.audio)).path).duration
            var previous = 0.0
            for clip in overlay {
                #expect(ids.contains(clip.fragment), "\(smil): #\(clip.fragment)")
                #expect(clip.begin >= previous && clip.end > clip.begin && clip.end <= duration + 0.001)
                previous = clip.end
            }
        }
    }
}
