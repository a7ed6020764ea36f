import Testing

@testable import Alignment

/// The reading's pace from the sentences found, and how steady it is.
struct SentencePacesTests {
    /// Sentences said in the reference back to back, 1,000 samples each,
    /// heard at `pace` from `start`, with `lengths` overriding some.
    static func reading(pace: Double, count: Int = 6, lengths: [Int: Double] = [:], gaps: [Int: Int] = [:]) -> [SentencePaces.Sentence] {
        var heard = 0
        return (0..<count).map { index in
            heard += gaps[index] ?? 0
            let length = Int((lengths[index] ?? pace) * 1_000)
            defer { heard += length }
            return SentencePaces.Sentence(heard: heard..<(heard + length), said: (index * 1_000)..<((index + 1) * 1_000))
        }
    }

    @Test func aSteadyReadingHasItsPaceEveryWayAndNoSpread() throws {
        let paces = SentencePaces(Self.reading(pace: 0.8))
        #expect(abs(try #require(paces.summed) - 0.8) < 1e-9)
        #expect(abs(try #require(paces.extent) - 0.8) < 1e-9)
        #expect(try #require(paces.spread) < 1e-9)
    }

    /// A fast reading where two sentences were not found and their
    /// neighbours took their time (the 1.5× reading of 2026-12-04): the
    /// summed pace is pulled towards 1, the extent keeps the reading's.
    @Test func sentencesThatTookTheirNeighboursTimeHideThePaceButNotFromTheExtent() throws {
        var sentences = Self.reading(pace: 0.6, count: 8)
        // Sentences 2 and 5 not found: 1 and 4 stretched over their time.
        sentences[1].heard = sentences[1].heard.lowerBound..<sentences[2].heard.upperBound
        sentences[4].heard = sentences[4].heard.lowerBound..<sentences[5].heard.upperBound
        sentences.remove(at: 5)
        sentences.remove(at: 2)
        let paces = SentencePaces(sentences)
        #expect(try #require(paces.summed) > 0.75, "two sentences twice their length")
        #expect(abs(try #require(paces.extent) - 0.6) < 1e-9)
        let steady = try #require(SentencePaces(Self.reading(pace: 0.6, count: 8)).spread)
        #expect(try #require(paces.spread) > steady + 0.2)
    }

    /// Sentences the recording lacks make the extent look fast; the
    /// sentences' own paces stay steady.
    @Test func sentencesTheRecordingLacksMakeTheExtentFastNotTheSpreadWide() throws {
        var sentences = Self.reading(pace: 1, count: 8)
        sentences.remove(at: 3)
        for index in 3..<sentences.count {  // the recording closes the gap
            sentences[index].heard = (sentences[index].heard.lowerBound - 1_000)..<(sentences[index].heard.upperBound - 1_000)
        }
        let paces = SentencePaces(sentences)
        #expect(abs(try #require(paces.summed) - 1) < 1e-9)
        #expect(abs(try #require(paces.extent) - 7.0 / 8) < 1e-9)
        #expect(try #require(paces.spread) < 1e-9)
    }

    @Test func longerSentencesWeighMoreInTheSpread() throws {
        let short = SentencePaces([
            .init(heard: 0..<100, said: 0..<100), .init(heard: 100..<300, said: 100..<200), .init(heard: 300..<10_300, said: 200..<10_200),
        ])
        let long = SentencePaces([
            .init(heard: 0..<100, said: 0..<100), .init(heard: 100..<20_100, said: 100..<10_100), .init(heard: 20_100..<20_200, said: 10_100..<10_200),
        ])
        #expect(try #require(short.spread) < #require(long.spread), "a long sentence off pace counts more than a short one")
    }

    @Test func fewerThanTwoSentencesOrEmptyOnesSayNothing() {
        let one = SentencePaces([.init(heard: 0..<500, said: 0..<1_000), .init(heard: 500..<500, said: 1_000..<2_000)])
        #expect(one.sentences.count == 1)
        #expect(one.summed == nil && one.extent == nil && one.spread == nil)
    }
}
