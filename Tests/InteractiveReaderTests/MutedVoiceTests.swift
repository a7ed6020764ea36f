import BookModel
@testable import InteractiveReader
import Narrator
import Testing

private func request(_ text: String, speed: Double = 1, prosody: Prosody = Prosody()) -> ReaderSpeechRequest {
    let scalars = Array(text.unicodeScalars)
    var words: [Range<Int>] = []
    var start: Int?
    for index in 0...scalars.count {
        let isSpace = index == scalars.count || scalars[index] == " "
        if isSpace, let begun = start {
            words.append(begun..<index)
            start = nil
        } else if !isSpace, start == nil {
            start = index
        }
    }
    return ReaderSpeechRequest(segments: [.init(text: text, prosody: prosody)], words: words, speed: speed)
}

@Test func wordsStartInOrderAndEndBeforeTheSpeech() {
    let timing = MutedVoice.estimate(request("A short sentence with extraordinarily long words."))
    let times = timing.words.map(\.time)
    #expect(times.first == 0)
    #expect(times == times.sorted() && Set(times).count == times.count)
    #expect(timing.duration > times.last ?? 0)
}

@Test func longerWordsAndPunctuationTakeLonger() {
    let timing = MutedVoice.estimate(request("a extraordinary b, c d"))
    let gaps = zip(timing.words.dropFirst(), timing.words).map { $0.time - $1.time }
    #expect(gaps[1] > gaps[0])
    #expect(gaps[2] > gaps[3])
}

@Test func fasterReadingTakesLess() {
    let text = "The quick brown fox jumps over the lazy dog."
    #expect(MutedVoice.estimate(request(text, speed: 1.7)).duration
        < MutedVoice.estimate(request(text, speed: 1)).duration)
}

@Test func authoredDelaysAreKept() {
    let plain = MutedVoice.estimate(request("Hop hop."))
    let delayed = MutedVoice.estimate(request("Hop hop.", prosody: Prosody(preUtteranceDelay: 1, postUtteranceDelay: 2)))
    #expect(delayed.words[0].time == 1)
    #expect(abs(delayed.duration - plain.duration - 3) < 1e-9)
}

@Test func timingNamesTheWordHeardAtAMoment() {
    let timing = ReaderSpeechTiming(words: [.init(range: 0..<3, time: 0.5), .init(range: 4..<7, time: 1)], duration: 2)
    #expect(timing.word(at: 0.2) == nil)
    #expect(timing.word(at: 0.5) == 0..<3)
    #expect(timing.word(at: 1.9) == 4..<7)
    #expect(timing.nextChange(after: 0.5) == 1)
    #expect(timing.nextChange(after: 1) == 2)
}
