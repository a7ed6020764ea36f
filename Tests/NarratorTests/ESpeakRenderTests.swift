import BookModel
import Narrator
import Testing

/// Renders with the real espeak-ng. espeak-ng is not thread-safe, so these
/// tests run one at a time, each with its own engine.
@Suite(.serialized)
struct ESpeakRenderTests {
    private func render(_ book: Book, options: NarrationOptions = NarrationOptions()) throws -> (MemorySink, TimingRecorder, Int) {
        let engine = try ESpeakEngine()
        let narrator = try Narrator(book: book, engine: engine, options: options)
        let sink = MemorySink()
        let recorder = TimingRecorder()
        _ = try narrator.narrate(to: sink, observer: recorder)
        return (sink, recorder, engine.sampleRate)
    }

    @Test func perWordSentenceLastsAtMostAQuarterLongerThanTheWholeSentence() throws {
        let (whole, _, _) = try render(Books.whole(Books.whirlySentence))
        let (perWord, _, _) = try render(Books.perWord(Books.whirlySentence))
        let ratio = Double(perWord.samples.count) / Double(whole.samples.count)
        #expect(ratio <= 1.25, "per-word \(perWord.samples.count) vs whole \(whole.samples.count) samples")
        #expect(ratio >= 0.8)
    }
}
