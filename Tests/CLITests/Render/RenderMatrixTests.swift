import Foundation
import Narrator
import Testing
import TestSupport

/// Every option that changes what is said or which pages are read, on every
/// output: the same spoken text and the same length (±1%) as the WAV render
/// with that option, and chapters where the WAV's pages begin. Each option
/// is first shown to change the WAV (by more than 2% of its length), so an
/// output that dropped it would fail.
@Suite(.enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg and ffprobe are not installed (scripts/setup installs them)"))
struct RenderMatrixTests {
    /// The options, each as the words of a command line (a lexicon file is
    /// written beside the book).
    static let options: [[String]] = [
        ["--lexicon", "names.lexicon"], ["--language", "fr"], ["--notes"], ["--contents"], ["--pages", "2-3"],
        ["--split", "word"], ["--prosody", "expressive"], ["--rate", "1.5"],
        ["--pause", "sentence=1200,paragraph=2000,chapter=3000"], ["--dialogue-voice", "de"],
        ["--voice-map", "voices.map"],
    ] + (PiperAudiobookTests.voiceIsInstalled ? [["--engine", "piper"]] : [])

    /// The outputs: one file each, a folder of chapter files, a read-along book.
    enum Output: String, CaseIterable {
        case m4b, opus, perChapter, epub
    }

    @Test(arguments: options)
    func anOptionReachesEveryOutput(option: [String]) throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try Self.book(in: directory)
        let baseline = try Self.baseline.get()
        let wav = try Self.wav(book, option, in: directory, name: "option")
        #expect(abs(wav.duration - baseline.duration) > 0.02 * baseline.duration,
            "\(option) does not change the WAV enough to be checked: \(wav.duration) s against \(baseline.duration) s")
        for output in Output.allCases {
            try check(output, option: option, book: book, against: wav, in: directory)
        }
    }

    /// The WAV render without an option, made once for every case.
    static let baseline = Result<Rendered, Error> {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try wav(try book(in: directory), [], in: directory, name: "baseline")
    }

    /// How far an output's length may be from the WAV's, as a fraction of
    /// it. espeak-ng renders the same text to the same samples, so 1%. The
    /// Piper voice samples noise on every render (no seed can be set): three
    /// WAV renders of this book lasted 105.6, 105.9 and 106.7 s, and CI saw
    /// an audiobook 1.2% away from its WAV, so two renders are compared
    /// within 3%. Its spoken text is still compared exactly.
    static func tolerance(for option: [String]) -> Double {
        option.contains("piper") ? 0.03 : 0.01
    }

    private func check(_ output: Output, option: [String], book: String, against wav: Rendered, in directory: URL) throws {
        let label = "\(option.joined(separator: " ")) → \(output.rawValue)"
        let tolerance = Self.tolerance(for: option) * wav.duration
        switch output {
        case .m4b, .opus:
            let file = "book.\(output.rawValue)"
            let run = try NarrateProcess.run(
                ["speak", book, "-o", file, "--timings", "\(file).json", "-q"] + option, in: directory)
            try #require(run.status == 0, "\(label): \(run.stderr)")
            let timings = try Timings(directory.appendingPathComponent("\(file).json"))
            #expect(timings.texts == wav.timings.texts, "\(label): the spoken text differs from the WAV's")
            let audio = try ProbedAudio(directory.appendingPathComponent(file).path)
            #expect(abs(audio.duration - wav.duration) <= tolerance, "\(label): \(audio.duration) s, WAV \(wav.duration) s")
            #expect(audio.chapters.count == wav.timings.pageStarts.count, "\(label): \(audio.chapters.count) chapters")
            for (chapter, page) in zip(audio.chapters, wav.timings.pageStarts) {
                #expect(abs(chapter.start - page) < tolerance + 0.5, "\(label): chapter at \(chapter.start) s, page at \(page) s")
            }
        case .perChapter:
            let run = try NarrateProcess.run(["speak", book, "-o", "chapters", "--per-chapter", "--format", "flac", "-q"] + option,
                in: directory)
            try #require(run.status == 0, "\(label): \(run.stderr)")
            let folder = directory.appendingPathComponent("chapters")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".flac") }
            #expect(files.count == wav.timings.pageStarts.count, "\(label): \(files.sorted())")
            let total = try files.reduce(0.0) { $0 + (try ProbedAudio(folder.appendingPathComponent($1).path)).duration }
            #expect(abs(total - wav.duration) <= tolerance, "\(label): \(total) s, WAV \(wav.duration) s")
            try FileManager.default.removeItem(at: folder)
        case .epub:
            let run = try NarrateProcess.run(["speak", book, "-o", "read-along.epub", "--force"] + option, in: directory)
            try #require(run.status == 0, "\(label): \(run.stderr)")
            #expect(!run.stderr.contains("not found"), "\(label): \(run.stderr)")
            let unpacked = directory.appendingPathComponent("unpacked-\(UUID().uuidString)")
            let readAlong = try ReadAlongBook(directory.appendingPathComponent("read-along.epub").path, into: unpacked)
            let audioFiles = Set(readAlong.overlays.values.joined().map(\.audio))
            let total = try audioFiles.reduce(0.0) { $0 + (try ProbedAudio(unpacked.appendingPathComponent($1).path)).duration }
            #expect(abs(total - wav.duration) <= tolerance, "\(label): \(total) s, WAV \(wav.duration) s")
            let clips = readAlong.overlays.values.reduce(0) { $0 + $1.count }
            #expect(clips >= wav.timings.texts.count * 9 / 10, "\(label): \(clips) clips for \(wav.timings.texts.count) utterances")
        }
    }

    /// A WAV render with its timings.
    struct Rendered {
        var duration: Double
        var timings: Timings
    }

    static func wav(_ book: String, _ option: [String], in directory: URL, name: String) throws -> Rendered {
        let run = try NarrateProcess.run(["speak", book, "-o", "\(name).wav", "--timings", "\(name).json", "-q"] + option, in: directory)
        try #require(run.status == 0, "\(option): \(run.stderr)")
        let audio = try ProbedAudio(directory.appendingPathComponent("\(name).wav").path)
        return Rendered(duration: audio.duration, timings: try Timings(directory.appendingPathComponent("\(name).json")))
    }

    /// The fixture book zipped, a lexicon that makes a name much longer, and
    /// a voice map that gives a chapter and a speaker a slower voice.
    static func book(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("matrix.epub").path
        try Data(TestZip.folder(PackageFixtures.url("epub/render-matrix"))).write(to: URL(fileURLWithPath: path))
        try Data("Ishmael\tIshmael, the long named wanderer of the seven seas\n".utf8)
            .write(to: directory.appendingPathComponent("names.lexicon"))
        try Data("chapter The Harbour = de\nspeaker old sailor = de\n".utf8)
            .write(to: directory.appendingPathComponent("voices.map"))
        return path
    }
}

/// A `--timings FILE.json` file: the text of each utterance, in order, and
/// when each page's first utterance begins.
struct Timings {
    var texts: [String] = []
    var pageStarts: [Double] = []

    init(_ url: URL) throws {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        var lastPage: Int?
        for utterance in root?["utterances"] as? [[String: Any]] ?? [] {
            texts.append(utterance["text"] as? String ?? "")
            let page = utterance["page"] as? Int
            if page != lastPage { pageStarts.append(utterance["start"] as? Double ?? -1) }
            lastPage = page
        }
    }
}
