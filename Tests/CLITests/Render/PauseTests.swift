import Foundation
import Testing
import TestSupport

/// `--pause`: the silence measured on the rendered audio between the speech
/// of consecutive sentences, paragraphs and chapters is the one asked for
/// (±20 ms), for both engines, every split, and through an audiobook's
/// workers. Silence is every sample at or below −60 dBFS (32 of 32,767).
@Suite struct PauseTests {
    /// The fixture's breaks in order: its two chapters, each a title, then
    /// two paragraphs of sentences (`fixtures/text/pauses.txt`).
    enum Break { case sentence, paragraph, chapter }
    static let breaks: [Break] = [
        .paragraph, .sentence, .sentence, .paragraph, .sentence, .chapter,
        .paragraph, .sentence, .paragraph, .sentence, .chapter,
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        var options: [String]
        var output: String
        var pauses: [Break: Double]
        var testDescription: String { (options + ["-o", "book." + output]).joined(separator: " ") }
    }

    static let asked: [Break: Double] = [.sentence: 0.4, .paragraph: 0.9, .chapter: 2.0]
    static let cases: [Case] = [
        Case(options: ["--pause", "sentence=400,paragraph=900,chapter=2000"], output: "wav", pauses: asked),
        Case(options: ["--pause", "chapter=2000,sentence=400,paragraph=900", "--split", "word"], output: "wav", pauses: asked),
        Case(options: ["--pause", "sentence=400,paragraph=900,chapter=2000", "--prosody", "none"], output: "wav",
             pauses: asked),
        Case(options: ["--pause", "sentence=0,paragraph=1300,chapter=500"], output: "wav",
             pauses: [.sentence: 0, .paragraph: 1.3, .chapter: 0.5]),
        Case(options: ["--pause", "sentence=400,paragraph=900,chapter=2000", "-j", "2"], output: "flac", pauses: asked),
    ] + (PiperAudiobookTests.voiceIsInstalled
        ? [Case(options: ["--pause", "sentence=400,paragraph=900,chapter=2000", "--engine", "piper"], output: "wav",
                pauses: asked)]
        : [])

    @Test(arguments: cases)
    func theSilenceBetweenSpeechIsThePauseAsked(_ testCase: Case) throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = "book." + testCase.output
        let run = try NarrateProcess.run(
            ["speak", NarrateProcess.fixture("text/pauses.txt"), "-o", file, "-q"] + testCase.options, in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        var wav = directory.appendingPathComponent(file)
        if testCase.output != "wav" {
            wav = directory.appendingPathComponent("decoded.wav")
            let decode = try ChildProcess.run(
                "/usr/bin/env", ["ffmpeg", "-v", "error", "-i", directory.appendingPathComponent(file).path, wav.path])
            try #require(decode.status == 0, "\(decode.output)")
        }
        let silence = try Silences(wav: wav)
        let expected = Self.breaks.map { testCase.pauses[$0] ?? 0 }
        // A zero pause leaves no silence to find between two sentences.
        let audible = expected.dropLast().filter { $0 >= Silences.shortest }
        try #require(silence.gaps.count == audible.count, "gaps \(silence.gaps), expected \(audible)")
        for (measured, asked) in zip(silence.gaps, audible) {
            #expect(abs(measured - asked) <= 0.02, "a pause of \(measured) s, \(asked) s asked; all: \(silence.gaps)")
        }
        #expect(silence.leading <= 0.02, "\(silence.leading) s before the first word")
        #expect(abs(silence.trailing - (expected.last ?? 0)) <= 0.02, "\(silence.trailing) s after the last word")
    }

    @Test func theListeningTimeCountsThePauses() throws {
        let book = NarrateProcess.fixture("text/pauses.txt")
        let short = try NarrateProcess.run(["info", book, "--pause", "sentence=0,paragraph=0,chapter=0"])
        let long = try NarrateProcess.run(["info", book, "--pause", "sentence=3000,paragraph=6000,chapter=9000"])
        func seconds(_ run: NarrateRun) -> Int {
            let line = run.stdoutText.split(separator: "\n").first { $0.hasPrefix("Listening time:") } ?? ""
            let fields = line.split(separator: " ")
            let minutes = fields.firstIndex(of: "min").flatMap { Int(fields[$0 - 1]) } ?? 0
            let seconds = fields.firstIndex(of: "s").flatMap { Int(fields[$0 - 1]) } ?? 0
            return minutes * 60 + seconds
        }
        let added = Self.breaks.reduce(0) { $0 + [Break.sentence: 3, .paragraph: 6, .chapter: 9][$1, default: 0] }
        #expect(abs(seconds(long) - seconds(short) - added) <= 1, "\(short.stdoutText)\n\(long.stdoutText)")
    }
}

/// Runs of silence (|sample| ≤ 32) in a 16-bit mono WAV file.
struct Silences {
    /// Silences between sounds at least ``shortest`` long, in seconds.
    var gaps: [Double] = []
    /// Silence before the first sound and after the last, in seconds.
    var leading = 0.0
    var trailing = 0.0

    /// Shorter silences are pauses inside speech (before a stop consonant).
    static let shortest = 0.15

    init(wav url: URL) throws {
        let (samples, rate) = try Self.read(url)
        var runStart: Int?
        var heardSound = false
        for (index, sample) in samples.enumerated() {
            if abs(Int32(sample)) <= 32 {
                if runStart == nil { runStart = index }
                continue
            }
            if let start = runStart {
                let seconds = Double(index - start) / Double(rate)
                if !heardSound { leading = seconds } else if seconds >= Self.shortest { gaps.append(seconds) }
            }
            runStart = nil
            heardSound = true
        }
        trailing = runStart.map { Double(samples.count - $0) / Double(rate) } ?? 0
    }

    /// The samples of the `data` chunk and the sample rate of `fmt `.
    static func read(_ url: URL) throws -> ([Int16], Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        func word(_ at: Int, _ size: Int) -> Int { (0..<size).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        var offset = 12
        var rate = 22050
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = word(offset + 4, 4)
            if id == "fmt " { rate = word(offset + 12, 4) }
            if id == "data" {
                let end = min(bytes.count, offset + 8 + size)
                let samples = stride(from: offset + 8, to: end - 1, by: 2).map { Int16(bitPattern: UInt16(word($0, 2))) }
                return (samples, rate)
            }
            offset += 8 + size + size % 2
        }
        throw ChildProcessError("\(url.path): no data chunk")
    }
}
