import Alignment
import Testing

/// ``AlignedSpan/wordsInOrder(minimum:)``: every word keeps a place of its own.
struct AlignedSpanWordOrderTests {
    func span(_ samples: Range<Int>, _ words: [Range<Int>]) -> AlignedSpan {
        AlignedSpan(samples: samples, words: words, confidence: 1, status: .aligned)
    }

    @Test func wordsAlreadyInOrderAreLeftAlone() {
        let words = [1000..<1500, 1600..<2400, 2400..<3000]
        #expect(span(1000..<3000, words).wordsInOrder(minimum: 220).words == words)
    }

    @Test func twoWordsAtOnePlaceAreSetApart() {
        let ordered = span(0..<5000, [0..<800, 900..<900, 900..<2000, 1800..<4000]).wordsInOrder(minimum: 220).words
        #expect(ordered == [0..<800, 900..<1120, 1120..<1800, 1800..<4000])
    }

    @Test func aWordStartingBeforeTheOneBeforeFollowsIt() {
        let ordered = span(0..<5000, [0..<1000, 2000..<3000, 1500..<2500]).wordsInOrder(minimum: 220).words
        #expect(ordered == [0..<1000, 2000..<2220, 2220..<2500])
    }

    @Test func wordsPastTheSpanAreDrawnBackIntoIt() {
        let ordered = span(0..<1000, [0..<500, 1000..<1000, 1000..<1000]).wordsInOrder(minimum: 220).words
        #expect(ordered == [0..<500, 560..<780, 780..<1000])
    }

    @Test func aSpanTooShortForTheMinimumSharesItOut() {
        let ordered = span(0..<300, [0..<0, 0..<0, 0..<0]).wordsInOrder(minimum: 220).words
        #expect(ordered == [0..<100, 100..<200, 200..<300])
        #expect(ordered.allSatisfy { !$0.isEmpty })
    }
}
