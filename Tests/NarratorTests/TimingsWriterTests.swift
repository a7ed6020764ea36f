import BookModel
import Foundation
import Narrator
import Testing

struct TimingsWriterTests {
    private let timings = [
        UtteranceTiming(
            position: UtterancePosition(page: 0, utterance: 0), text: "Tom & \"Jerry\" ", source: SourceLocation(resource: "ch1.xhtml", line: 3),
            startSample: 1000, endSample: 3000,
            words: [
                WordTiming(text: "Tom", range: 0..<3, startSample: 1000, endSample: 1500),
                WordTiming(text: "&", range: 4..<5, startSample: 1500, endSample: 2000),
                WordTiming(text: "Jerry", range: 7..<12, startSample: 2000, endSample: 3000),
            ]),
        UtteranceTiming(
            position: UtterancePosition(page: 1, utterance: 4), text: "Bye.\n", source: nil, startSample: 61000, endSample: 62000,
            words: [WordTiming(text: "Bye", range: 0..<3, startSample: 61000, endSample: 62000)]),
    ]

    private func write(_ format: TimingsFormat) throws -> String {
        let path = NSTemporaryDirectory() + "narrate-timings-\(UUID().uuidString)"
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        defer { close(descriptor); unlink(path) }
        let writer = TimingsWriter(descriptor: descriptor, format: format, sampleRate: 1000)
        for timing in timings { writer.utteranceSpoken(timing) }
        try writer.finish()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func jsonListsUtterancesAndWordsWithPagesAndSources() throws {
        let json = try JSONSerialization.jsonObject(with: Data(try write(.json).utf8)) as? [String: Any]
        let utterances = try #require(json?["utterances"] as? [[String: Any]])
        #expect(utterances.count == 2)
        #expect(utterances[0]["text"] as? String == "Tom & \"Jerry\" ")
        #expect(utterances[0]["source"] as? String == "ch1.xhtml:3")
        #expect(utterances[1]["page"] as? Int == 2 && utterances[1]["utterance"] as? Int == 5)
        let words = try #require(utterances[0]["words"] as? [[String: Any]])
        #expect(words.map { $0["text"] as? String } == ["Tom", "&", "Jerry"])
        #expect(words.map { $0["start"] as? Double } == [1.0, 1.5, 2.0])
    }

    @Test func srtHasOneNumberedCuePerUtterance() throws {
        #expect(try write(.srt) == """
            1
            00:00:01,000 --> 00:00:03,000
            Tom & "Jerry"

            2
            00:01:01,000 --> 00:01:02,000
            Bye.


            """)
    }

    @Test func vttMarksEachWordWithAnInlineTimestamp() throws {
        #expect(try write(.vtt) == """
            WEBVTT

            00:00:01.000 --> 00:00:03.000
            Tom <00:00:01.500>&amp; "<00:00:02.000>Jerry"

            00:01:01.000 --> 00:01:02.000
            Bye.

            """)
    }

    @Test(arguments: [("a.json", TimingsFormat.json), ("b.SRT", .srt), ("dir.x/c.vtt", .vtt)])
    func formatFollowsTheExtension(path: String, format: TimingsFormat) {
        #expect(TimingsFormat(path: path) == format)
    }

    @Test func unknownExtensionsHaveNoFormat() {
        #expect(TimingsFormat(path: "timings.txt") == nil)
        #expect(TimingsFormat(path: "dir.json/file") == nil)
    }
}
