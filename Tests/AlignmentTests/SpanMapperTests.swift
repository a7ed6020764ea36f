import Alignment
import Testing

/// Judging each span: found, or not in the recording.
struct SpanMapperTests {
    /// Five spans of 100 frames each, matched frame for frame, with each span's mean match cost.
    static func mapper(costs: [Float]) -> (SpanMapper, [ReferenceSpan]) {
        let timing = FrameTiming()
        let rows = costs.count * 100
        let path = WarpingPath(
            first: (0..<rows).map { Int32($0) }, last: (0..<rows).map { Int32($0) }, cost: (0..<rows).map { costs[$0 / 100] })
        let spans = costs.indices.map { index in
            ReferenceSpan(samples: timing.sample(ofFrame: index * 100)..<timing.sample(ofFrame: (index + 1) * 100), words: [])
        }
        return (SpanMapper(path: path, timing: timing, recordingSamples: timing.sample(ofFrame: rows)), spans)
    }

    @Test func aMatchFarBetterThanChanceIsFoundAtTwiceTheMedianCost() {
        let (mapper, spans) = Self.mapper(costs: [0.5, 0.5, 0.5, 1.0, 3.8])
        let judged = mapper.map(spans, unrelated: [Double](repeating: 3.8, count: 5))
        #expect(judged.map(\.status) == [.aligned, .aligned, .aligned, .aligned, .notFound])
        #expect(judged[3].confidence > 0 && judged[3].confidence < judged[0].confidence, "\(judged.map(\.confidence))")
        #expect(judged[4].confidence == 0)
    }

    @Test func withoutAChanceLevelTwiceTheMedianCostIsNotFound() {
        let (mapper, spans) = Self.mapper(costs: [0.5, 0.5, 0.5, 1.0, 3.8])
        #expect(mapper.map(spans).map(\.status) == [.aligned, .aligned, .aligned, .notFound, .notFound])
    }

    @Test func aMatchNoBetterThanItsUnrelatedCostIsNotFound() {
        let (mapper, spans) = Self.mapper(costs: [2.8, 2.8, 2.9, 3.6, 2.7])
        let judged = mapper.map(spans, unrelated: [3.8, 3.9, 3.7, 3.7, 4.4])
        #expect(judged.map(\.status) == [.aligned, .aligned, .aligned, .notFound, .aligned], "\(judged.map(\.confidence))")
    }

    @Test func aSpanTheWarpingJumpedOverIsNotFound() {
        let (mapper, spans) = Self.mapper(costs: [0.5, 0.5, .infinity, 0.5, 0.5])
        let judged = mapper.map(spans, unrelated: [Double](repeating: 3.8, count: 5))
        #expect(judged.map(\.status) == [.aligned, .aligned, .notFound, .aligned, .aligned])
        #expect(judged[2].confidence == 0)
    }
}

extension SpanMapperTests {
    /// A silent recording: every frame alike, so every match costs what chance costs.
    @Test func matchesNoBetterThanChanceAreNotFoundEvenWhenAllAlike() {
        let (mapper, spans) = Self.mapper(costs: [3.1, 3.3, 2.9, 3.0, 3.2])
        let judged = mapper.map(spans, unrelated: [3.1, 3.3, 2.9, 3.0, 3.2])
        #expect(judged.allSatisfy { $0.status == .notFound }, "\(judged.map(\.confidence))")
    }
}
