import Foundation
import Testing
import TestSupport

/// `narrate speak BOOK -o book.EXT`: every audiobook format read back by
/// ffprobe against the WAV render of the same book.
@Suite(.enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg and ffprobe are not installed (scripts/setup installs them)"))
struct AudiobookOutputTests {
    @Test(arguments: ["m4b", "opus", "mp3", "flac"])
    func chaptersTagsAndCoverMatchTheWAVRender(format: String) throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.epub(in: directory)
        let reference = try NarrateProcess.run(["speak", book, "-o", "ref.wav", "--timings", "ref.json"], in: directory)
        try #require(reference.status == 0, "\(reference.stderr)")
        let run = try NarrateProcess.run(["speak", book, "-o", "book.\(format)", "--timings", "book.json"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let audio = try ProbedAudio(directory.appendingPathComponent("book.\(format)").path)
        let wav = try ProbedAudio(directory.appendingPathComponent("ref.wav").path)
        let wavPages = try pageStarts(directory.appendingPathComponent("ref.json"))

        #expect(audio.chapters.map(\.title) == AudiobookFixture.titles)
        // AAC pieces are joined at page boundaries, each join adding at most
        // the next piece's priming and the last frame's padding (2,048
        // samples) to the pause there.
        let join = format == "m4b" ? 2_048.0 / 22_050 : 0
        for (index, (chapter, wavStart)) in zip(audio.chapters, wavPages).enumerated() {
            #expect(abs(chapter.start - wavStart) <= 0.05 + Double(index) * join,
                "\(format): \(chapter.title) at \(chapter.start) s, WAV \(wavStart) s")
        }
        #expect(abs(audio.duration - wav.duration) <= wav.duration * 0.005, "\(format): \(audio.duration) s, WAV \(wav.duration) s")
        #expect(audio.tags["title"] == "Les Écureuils" && audio.tags["artist"] == "Ann Author", "\(audio.tags)")
        #expect(audio.tags["album"] == "Les Écureuils" && audio.tags["genre"] == "Audiobook")
        #expect(audio.hasCover, "\(format): no cover picture")
        let timedPages = try pageStarts(directory.appendingPathComponent("book.json"))
        #expect(zip(timedPages, audio.chapters).allSatisfy { abs($0 - $1.start) < 0.002 }, "\(timedPages)")
    }

    @Test func publisherDateAndDescriptionAreTaggedWhereTheFormatHasFields() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.epub(in: directory)
        for format in ["mp3", "opus"] {
            let run = try NarrateProcess.run(["speak", book, "-o", "book.\(format)", "--pages", "3"], in: directory)
            try #require(run.status == 0, "\(run.stderr)")
            let tags = try ProbedAudio(directory.appendingPathComponent("book.\(format)").path).tags
            #expect(tags["publisher"] == "Acorn Press", "\(format): \(tags)")
            #expect(tags["date"]?.hasPrefix("2026") == true, "\(format): \(tags)")
            #expect(tags["language"] == "en", "\(format): \(tags)")
        }
    }

    @Test func anSVGCoverIsRasterised() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.epub(in: directory)
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="60"><circle cx="20" cy="30" r="12" fill="red"/></svg>"#
        try Data(svg.utf8).write(to: directory.appendingPathComponent("cover.svg"))
        let run = try NarrateProcess.run(["speak", book, "-o", "book.m4b", "--pages", "3", "--cover", "cover.svg"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(try ProbedAudio(directory.appendingPathComponent("book.m4b").path).hasCover)
        // A JPEG, its transparent corner on white.
        let corner = directory.appendingPathComponent("corner.gray").path
        let probe = try ChildProcess.run("/usr/bin/env", [
            "ffmpeg", "-v", "error", "-i", directory.appendingPathComponent("book.m4b").path, "-map", "0:v", "-frames:v", "1",
            "-vf", "crop=2:2:0:0", "-f", "rawvideo", "-pix_fmt", "gray", "-y", corner,
        ])
        try #require(probe.status == 0, "\(probe.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: corner)).allSatisfy { $0 > 240 })
        let codec = try ChildProcess.run("/usr/bin/env", [
            "ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "stream=codec_name", "-of", "csv=p=0",
            directory.appendingPathComponent("book.m4b").path,
        ])
        #expect(codec.output.trimmingCharacters(in: .whitespacesAndNewlines) == "mjpeg")
    }

    @Test func joinsBetweenEncodedPiecesAreSilent() throws {
        // Opus is encoded in one piece per process and joined: around each
        // chapter start (a page boundary, where pieces join) the decoded
        // audio is as quiet as the WAV render's pause there: no click.
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.longText(in: directory, chapters: 6)
        let run = try NarrateProcess.run(["speak", book, "-o", "book.opus", "--jobs", "3"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let audio = try ProbedAudio(directory.appendingPathComponent("book.opus").path)
        let samples = try decode(directory.appendingPathComponent("book.opus").path)
        for chapter in audio.chapters.dropFirst() {
            let at = Int(chapter.start * 22_050)
            let window = samples[max(0, at - 220)..<min(samples.count, at + 220)]
            let peak = window.map { abs(Int($0)) }.max() ?? 0
            #expect(peak < 1_000, "\(chapter.title): peak \(peak) within 10 ms of the chapter start")
        }
    }

    @Test(arguments: [["book.abc"], ["book.flac", "--bitrate", "64k"], ["book.m4b", "--bitrate", "fast"], ["dir", "--per-chapter"], ["-"]])
    func badAudiobookOptionsAreUsageErrors(arguments: [String]) throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("Hello there.".utf8).write(to: directory.appendingPathComponent("a.txt"))
        let run = try NarrateProcess.run(["speak", "a.txt", "-o"] + arguments, in: directory)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.txt"])
        if arguments == ["book.abc"] { #expect(run.stderr.contains(".m4b, .m4a, .opus, .ogg, .mp3, .flac or .wav")) }
        if arguments == ["-"] {
            #expect(run.stderr.hasPrefix("narrate: -o - needs --format (m4b, m4a, opus, ogg, mp3, flac or wav)"), "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func anUntitledBookIsNamedAfterItsFileAndFromStandardInputIsUntitled() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = Data("Hello there. This is a test.".utf8)
        try text.write(to: directory.appendingPathComponent("field notes.txt"))
        let named = try NarrateProcess.run(["speak", "field notes.txt", "-o", "named.mp3"], in: directory)
        try #require(named.status == 0, "\(named.stderr)")
        let tags = try ProbedAudio(directory.appendingPathComponent("named.mp3").path).tags
        #expect(tags["title"] == "field notes" && tags["album"] == "field notes", "\(tags)")
        let piped = try NarrateProcess.run(["speak", "-", "-o", "piped.mp3"], in: directory, input: text)
        try #require(piped.status == 0, "\(piped.stderr)")
        #expect(try ProbedAudio(directory.appendingPathComponent("piped.mp3").path).tags["title"] == "Untitled")
    }

    @Test func aMissingEncoderIsOneClearLineAndNoFile() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("Hello there.".utf8).write(to: directory.appendingPathComponent("a.txt"))
        let run = try NarrateBinary.run(["speak", "a.txt", "-o", "a.m4b"], in: directory, environment: ["PATH": "/nonexistent"])
        #expect(run.status == 1)
        #expect(run.stderr == "narrate: a.m4b: ffmpeg is needed to write .m4b files and was not found on the PATH (Debian: apt install ffmpeg)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.txt"])
    }

    @Test func aFailingEncoderIsOneLineWithItsOwnErrorAndNoFile() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("Hello there. This is a test.".utf8).write(to: directory.appendingPathComponent("a.txt"))
        let fake = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
        let script = "#!/bin/sh\ncat > /dev/null\necho \"Unknown encoder 'aac'\" >&2\nexit 1\n"
        try Data(script.utf8).write(to: fake.appendingPathComponent("ffmpeg"))
        chmod(fake.appendingPathComponent("ffmpeg").path, 0o755)
        let path = fake.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try NarrateBinary.run(["speak", "a.txt", "-o", "a.m4b"], in: directory, environment: ["PATH": path])
        #expect(run.status == 1)
        #expect(run.stderr == "narrate: a.m4b: ffmpeg failed: Unknown encoder 'aac'\n", "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["a.txt", "bin"])
    }

    private func pageStarts(_ timings: URL) throws -> [Double] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: timings)) as? [String: Any]
        return (json?["pages"] as? [[String: Any]] ?? []).compactMap { $0["start"] as? Double }
    }

    /// The file decoded to 22,050 Hz mono samples by ffmpeg.
    private func decode(_ path: String) throws -> [Int16] {
        let raw = path + ".raw"
        let result = try ChildProcess.run(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-i", path, "-f", "s16le", "-ac", "1", "-ar", "22050", "-y", raw])
        try #require(result.status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }
}
