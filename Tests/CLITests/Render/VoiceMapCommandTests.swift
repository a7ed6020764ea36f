import Foundation
import Testing
import TestSupport

/// `--voice-map`: a chapter's voice reads its page; the speakers the speech
/// tags name read their quotations, the narration keeps the main voice
/// (each word's `voice` in the timings); a map that is not one is one line.
@Suite struct VoiceMapCommandTests {
    @Test func chaptersAndSpeakersAreReadInTheirVoices() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("chapter 2 = en-us\nspeaker Holmes = de\nspeaker Watson = fr\n".utf8)
            .write(to: directory.appendingPathComponent("cast.map"))
        let run = try NarrateProcess.run(
            ["speak", NarrateProcess.fixture("text/voice-map.txt"), "--voice", "en-gb", "--voice-map", "cast.map", "-o", "x.wav",
             "--timings", "x.json", "-q"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: directory.appendingPathComponent("x.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let words = (root["utterances"] as? [[String: Any]] ?? []).flatMap { $0["words"] as? [[String: Any]] ?? [] }
        let spoken = words.map { "\($0["text"] as? String ?? "")/\($0["voice"] as? String ?? "-")" }
        #expect(spoken == [
            "CHAPTER/gmw/en", "I/gmw/en",
            "Come/gmw/de", "here/gmw/de", "at/gmw/de", "once/gmw/de", "said/gmw/en", "Holmes/gmw/en",
            "The/gmw/de", "game/gmw/de", "is/gmw/de", "afoot/gmw/de",
            "Where/roa/fr", "are/roa/fr", "we/roa/fr", "going/roa/fr", "asked/gmw/en", "Watson/gmw/en",
            "The/gmw/en", "cab/gmw/en", "rattled/gmw/en", "away/gmw/en", "down/gmw/en", "the/gmw/en", "street/gmw/en",
            "CHAPTER/gmw/en-US", "II/gmw/en-US", "Night/gmw/en-US", "fell/gmw/en-US", "over/gmw/en-US", "London/gmw/en-US",
        ])
    }

    @Test(arguments: [
        ("chapter three en-us\n", "narrate: --voice-map: cast.map:1: expected 'chapter NUMBER = VOICE', 'chapter TITLE = VOICE' or 'speaker NAME = VOICE', found 'chapter three en-us'"),
        ("speaker Holmes = no-such-voice\n", "narrate: --voice-map: unknown voice 'no-such-voice'"),
    ])
    func aBadMapIsOneLine(map: String, message: String) throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(map.utf8).write(to: directory.appendingPathComponent("cast.map"))
        let run = try NarrateProcess.run(
            ["speak", NarrateProcess.fixture("text/voice-map.txt"), "--voice-map", "cast.map", "-o", "x.wav"], in: directory)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
    }

    @Test func aMissingMapIsAUsageError() throws {
        try expectUsageError(["speak", "book.txt", "--voice-map", "/nonexistent/cast.map"],
            firstLine: "narrate: --voice-map: cannot read '/nonexistent/cast.map'")
    }
}
