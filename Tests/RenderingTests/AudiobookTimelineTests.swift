import Audiobooks
import BookModel
import Narrator
import Testing

@testable import Rendering

/// Where chunks land in joined audio, and the chapters and timings that follow.
struct AudiobookTimelineTests {
    /// Two pieces of two chunks each.
    static let plan = RenderPlan(pages: [(0, 10), (1, 10), (2, 10), (3, 10)], workers: 1, pieces: 2, chunksPerWorker: 4)

    @Test func thePlanIsTwoPiecesOfTwoChunks() {
        #expect(Self.plan.chunks.map(\.pages) == [0...0, 1...1, 2...2, 3...3])
        #expect(Self.plan.chunks.map(\.piece) == [0, 0, 1, 1])
    }

    static func timeline(leadingTrim: Int = 0) -> AudiobookTimeline {
        var timeline = AudiobookTimeline(plan: plan, sampleRate: 22_050, leadingTrim: leadingTrim)
        timeline.record(chunk: 0, base: 0, samples: 1_000)
        timeline.record(chunk: 1, base: 1_000, samples: 2_000)
        timeline.record(chunk: 2, base: 0, samples: 500)
        timeline.record(chunk: 3, base: 500, samples: 700)
        return timeline
    }

    @Test func withoutMeasuredLengthsPiecesFollowEachOther() {
        let timeline = Self.timeline()
        #expect(timeline.samples(ofPiece: 0) == 3_000 && timeline.samples(ofPiece: 1) == 1_200)
        #expect(timeline.start(ofChunk: 3) == Double(3_000 + 500) / 22_050)
        #expect(timeline.duration == 4_200.0 / 22_050)
    }

    /// AAC: each piece takes whole frames of 1,024 samples, priming
    /// included; the first piece's priming is hidden by the file's clock.
    @Test func measuredPieceLengthsMoveLaterPiecesAndTheTrimShortensTheWhole() {
        var timeline = Self.timeline(leadingTrim: 1_024)
        timeline.record(piece: 0, length: 5 * 1_024)
        timeline.record(piece: 1, length: 3 * 1_024)
        #expect(timeline.start(ofChunk: 1) == 1_000.0 / 22_050)
        #expect(timeline.start(ofChunk: 2) == 5_120.0 / 22_050)
        #expect(timeline.start(ofChunk: 3) == Double(5_120 + 500) / 22_050)
        #expect(timeline.duration == Double(8 * 1_024 - 1_024) / 22_050)
    }

    @Test func chaptersStartAtTheMarkedPagesAndTimingsMoveIntoTheJoinedAudio() throws {
        var timeline = Self.timeline()
        timeline.record(piece: 0, length: 3_170)
        let marks: [[RenderMark]] = [
            [.page(index: 0, sample: 0), .utterance(Self.timing(page: 0, start: 100, end: 900))],
            [.page(index: 1, sample: 10), .utterance(Self.timing(page: 1, start: 50, end: 1_900))],
            [.page(index: 2, sample: 0), .utterance(Self.timing(page: 2, start: 20, end: 400))],
            [.page(index: 3, sample: 30), .utterance(Self.timing(page: 3, start: 40, end: 600))],
        ]
        var timings: [UtteranceTiming] = []
        var pageStarts: [Int: Int] = [:]
        let chapters = try timeline.chapters(
            titles: [0: "One", 1: "Two", 2: "Three"], marks: { marks[$0] }, timing: { timings.append($0) },
            pageStarted: { pageStarts[$0] = $1 })
        #expect(chapters.map(\.title) == ["One", "Two", "Three", Chapter.title(nil, pageIndex: 3)])
        let rate = 22_050.0
        #expect(chapters.map(\.start) == [0, 1_010 / rate, 3_170 / rate, (3_170 + 530) / rate])
        #expect(chapters.last?.end == timeline.duration)
        #expect(pageStarts == [0: 0, 1: 1_010, 2: 3_170, 3: 3_700])
        #expect(timings.map(\.startSample) == [100, 1_050, 3_190, 3_710])
        #expect(timings[3].words.first?.startSample == 3_710)
    }

    static func timing(page: Int, start: Int, end: Int) -> UtteranceTiming {
        UtteranceTiming(
            position: UtterancePosition(page: page, utterance: 0), text: "Word.", source: nil, startSample: start, endSample: end,
            words: [WordTiming(text: "Word", range: 0..<4, startSample: start, endSample: end)])
    }
}
