import Foundation
import Narrator
import Testing

/// The Piper voice from the command line: what happens without it (always
/// tested), and, when scripts/setup installed it, speech whose word cues
/// fall on the words.
struct PiperVoiceTests {
    static let voiceName = "en_US-joe-medium"
    static var isInstalled: Bool {
        PiperRuntime.installed.isPresent && PiperVoiceDirectory.standard.voices().contains { $0.name == voiceName }
    }
    static let notInstalled: Comment = "the Piper runtime or the en_US-joe-medium voice is not installed (scripts/setup installs both)"

    /// Samples at or below 1% of full scale (sox's `silence … 1%`, −40 dB)
    /// are silence: Piper's pauses are quiet, not zeros as espeak-ng's.
    static let silence: Int32 = 328

    @Test func withoutAVoicePiperIsOneLineSayingHowToInstallOne() throws {
        let scratch = try ScratchDirectory()
        let text = scratch.file("t.txt")
        try "Hello.\n".write(toFile: text, atomically: true, encoding: .utf8)
        let outcome = try NarrateProcess(arguments: [
            "speak", text, "--engine", "piper", "--voices-dir", scratch.file("none"), "-o", scratch.file("t.wav"),
        ]).run()
        #expect(outcome.status == 1)
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(outcome.stderr.contains("no Piper voice is installed") && outcome.stderr.contains("narrate voices install piper:en_US-joe-medium"))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("t.wav")))
    }

    @Test func voicesListsAPreparedVoiceWithItsEngineLanguageAndRate() throws {
        let scratch = try ScratchDirectory()
        let folder = scratch.file("voices/en_GB-test-low")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: folder + "/model.onnx"))
        try "_ 0\n".write(toFile: folder + "/tokens.txt", atomically: true, encoding: .utf8)
        try #"{"language": {"code": "en_GB"}, "audio": {"sample_rate": 16000}, "espeak": {"voice": "en-gb"}}"#
            .write(toFile: folder + "/voice.json", atomically: true, encoding: .utf8)
        let outcome = try NarrateProcess(arguments: ["voices", "en-gb", "--voices-dir", scratch.file("voices")]).run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let line = outcome.stdoutText.split(separator: "\n").first { $0.contains("piper:en_GB-test-low") }
        #expect(line.map { $0.hasPrefix("en-gb ") && $0.contains(" piper ") && $0.contains(" 16000") } == true, "\(outcome.stdoutText)")
        #expect(outcome.stdoutText.contains("gmw/en ") && outcome.stdoutText.hasPrefix("LANGUAGE"))
    }

    @Test(arguments: [
        ("piper:xx-none", "no Piper voice 'xx-none' to fetch"),
        ("missing/voice.onnx", "missing/voice.onnx: a Piper voice needs VOICE.onnx and VOICE.onnx.json side by side"),
    ])
    func installingWhatCannotBeFoundSaysSo(name: String, message: String) throws {
        let scratch = try ScratchDirectory()
        let outcome = try NarrateProcess(arguments: ["voices", "install", name, "--voices-dir", scratch.file("v")]).run()
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }

    @Test(.enabled(if: isInstalled, notInstalled))
    func wordCuesFallWhereTheSpeechResumesAfterEachPause() throws {
        let scratch = try ScratchDirectory()
        let text = scratch.file("p.txt")
        try """
            It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.

            However little known the feelings or views of such a man may be on his first entering a neighbourhood, this truth is so well fixed in the minds of the surrounding families. "My dear Mr. Bennet," said his lady to him one day, "have you heard that Netherfield Park is let at last?"

            """.write(toFile: text, atomically: true, encoding: .utf8)
        let wav = scratch.file("p.wav"), json = scratch.file("p.json")
        let outcome = try NarrateProcess(arguments: ["speak", text, "--engine", "piper", "-o", wav, "--timings", json, "-q"]).run()
        try #require(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let errors = try CueErrors(wav: wav, json: json, silence: Self.silence)
        // Sentence ends, commas and the paragraph break: each a pause. Piper
        // samples its timing afresh on every render and may also pause
        // inside a word (a CI render of 2026-12-06 had sound resume 395 ms
        // into one): such an onset starts no word, so only the onsets within
        // 150 ms of a word cue are measured. A cue put in a pause instead of
        // at its word is caught below: speech must follow every cue.
        let wordOnsets = errors.errors.filter { abs($0) * 1000 <= 150 * errors.sampleRate }
        #expect(wordOnsets.count >= 4, "\(errors.summary)")
        // A word after a pause starts at the pad before it, where its sound
        // begins to rise (docs/neural-voice.md), 45–80 ms before the phoneme's
        // frames; the first sample over −40 dBFS usually follows within
        // 15 ms (10 renders of this text measured), but one run in 16 of
        // this test found 64 ms.
        #expect((wordOnsets.map(abs).max() ?? 0) * 1000 <= 80 * errors.sampleRate, "\(errors.summary)")
        let cues = try CueErrors.wordStarts(json: json)
        #expect(cues.samples.count >= 74, "every word has its cue")
        let duration = try #require(soxDuration(wav))
        #expect(duration > 15 && duration < 35)
        #expect(Double(try #require(cues.samples.last)) / 22050 < duration)
        // With sox: between one sentence's last word and the next one's first
        // it is silent; in the 200 ms after every word cue there is speech
        // (a word that begins with a stop begins with its closure: "Park"
        // after "Netherfield" was silent for 80 ms, its burst faint until
        // 140 ms, and 120 ms measured −39.8 and −41.3 dB on two renders).
        let utterances = try Self.utterances(json: json)
        for (before, after) in zip(utterances, utterances.dropFirst()) where after.start - before.end > 0.1 {
            let level = try #require(soxRMSLevel(wav, from: before.end + 0.03, to: after.start - 0.03))
            #expect(level < -40, "\(before.end)–\(after.start) s between sentences: \(level) dB")
        }
        for cue in cues.samples.map({ Double($0) / 22050 }) {
            let level = try #require(soxRMSLevel(wav, from: cue, to: cue + 0.2))
            #expect(level > -40, "the word at \(cue) s: \(level) dB")
        }
    }

    /// Spoken forms (numbers, money, ordinals) and a lexicon's phonemes
    /// change what the voice is given; each word's cue still falls at the
    /// share of the sentence where espeak-ng puts it (within 8%).
    @Test(.enabled(if: isInstalled, notInstalled))
    func wordsSaidOtherwiseThanWrittenKeepTheirPlaceInTheSentence() throws {
        let scratch = try ScratchDirectory()
        let text = scratch.file("t.txt"), lexicon = scratch.file("t.lexicon")
        try "In 1999, 25 people paid $3.50 each for a tomato on the 2nd of May.\n"
            .write(toFile: text, atomically: true, encoding: .utf8)
        try "tomato\t/təˈmɑːtoʊ/\n".write(toFile: lexicon, atomically: true, encoding: .utf8)
        var shares: [[String: Double]] = []
        for engine in ["espeak", "piper"] {
            let json = scratch.file("\(engine).json")
            let outcome = try NarrateProcess(arguments: [
                "speak", text, "--lexicon", lexicon, "--engine", engine, "-o", scratch.file("\(engine).wav"), "--timings", json,
            ]).run()
            try #require(outcome.status == 0, "\(outcome.stderr)")
            shares.append(try Self.wordShares(json: json))
        }
        for word in ["1999", "people", "paid", "each", "tomato", "on", "2nd", "May"] {
            let espeak = try #require(shares[0][word], "\(word) in \(shares[0])")
            let piper = try #require(shares[1][word], "\(word) in \(shares[1])")
            #expect(abs(espeak - piper) < 0.08, "\(word): espeak-ng at \(espeak), Piper at \(piper) of the sentence")
        }
        // "tomato" said from the lexicon (`təmˈɑːtoʊ`, ~0.4 s) ends where "on"
        // begins: cues placed by the phoneme text's offsets instead of the
        // utterance's would start "on" 0.2 s after it, a word early.
        let duration = try Self.utteranceDuration(json: scratch.file("piper.json"))
        let tomatoLasts = (try #require(shares[1]["on"]) - (try #require(shares[1]["tomato"]))) * duration
        #expect(tomatoLasts > 0.3, "tomato lasts \(tomatoLasts) s")
    }

    static func utteranceDuration(json path: String) throws -> Double {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let utterance = try #require((root["utterances"] as? [[String: Any]])?.first)
        return try #require(utterance["end"] as? Double) - (try #require(utterance["start"] as? Double))
    }

    /// Each word's start as a share of its utterance's length, by its text.
    static func wordShares(json path: String) throws -> [String: Double] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let utterance = try #require((root["utterances"] as? [[String: Any]])?.first)
        let start = try #require(utterance["start"] as? Double), end = try #require(utterance["end"] as? Double)
        var shares: [String: Double] = [:]
        for word in utterance["words"] as? [[String: Any]] ?? [] {
            guard let text = word["text"] as? String, let at = word["start"] as? Double else { continue }
            shares[text.trimmingCharacters(in: .whitespaces)] = (at - start) / (end - start)
        }
        return shares
    }

    /// Each utterance's start and end in a JSON timings file, in seconds.
    static func utterances(json path: String) throws -> [(start: Double, end: Double)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let list = try #require(root["utterances"] as? [[String: Any]])
        return list.compactMap { item in
            guard let start = item["start"] as? Double, let end = item["end"] as? Double else { return nil }
            return (start, end)
        }
    }
}
