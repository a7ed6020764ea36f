import BookModel
import Testing

@testable import Narrator

@Test func aVoiceMapReadsChaptersByNumberOrTitleAndSpeakers() throws {
    let map = try VoiceMap(text: """
        # Sherlock Holmes
        chapter 3 = en-us
        chapter The Red-Headed League = piper:en_US-joe-medium   # by its title

        speaker Holmes = en-gb
        speaker Mrs. Hudson = fr
        """)
    #expect(map.chapters == [
        .init(number: 3, title: nil, voice: "en-us"), .init(number: nil, title: "The Red-Headed League", voice: "piper:en_US-joe-medium"),
    ])
    #expect(map.speakers == [.init(name: "Holmes", voice: "en-gb"), .init(name: "Mrs. Hudson", voice: "fr")])
    #expect(map.chapterVoice(page: 2, title: nil) == "en-us")
    #expect(map.chapterVoice(page: 7, title: "the red-headed league") == "piper:en_US-joe-medium")
    #expect(map.chapterVoice(page: 0, title: "Other") == nil)
    #expect(map.speaker(namedIn: "said Mrs. Hudson to Holmes")?.name == "Mrs. Hudson")
    #expect(map.speaker(namedIn: "said Holmesworth") == nil)
}

@Test(arguments: [
    ("chapter 3 en-us", "1: expected 'chapter NUMBER = VOICE', 'chapter TITLE = VOICE' or 'speaker NAME = VOICE', found 'chapter 3 en-us'"),
    ("\nnarrator = en-us", "2: expected 'chapter NUMBER = VOICE', 'chapter TITLE = VOICE' or 'speaker NAME = VOICE', found 'narrator = en-us'"),
    ("speaker Holmes =", "1: expected 'chapter NUMBER = VOICE', 'chapter TITLE = VOICE' or 'speaker NAME = VOICE', found 'speaker Holmes ='"),
    ("chapter 0 = en", "1: expected 'chapter NUMBER = VOICE', 'chapter TITLE = VOICE' or 'speaker NAME = VOICE', found 'chapter 0 = en'"),
])
func aMalformedVoiceMapSaysWhichLine(text: String, message: String) {
    #expect(throws: VoiceMapError.self) { try VoiceMap(text: text) }
    do { _ = try VoiceMap(text: text) } catch { #expect(error.description == message) }
}

/// The chapter's voice reads its page; a speaker named by a tag reads the
/// paragraph's quotations (before the tag too), others keep the dialogue
/// voice; the next paragraph forgets the speaker.
@Test func theNarratorCastsChaptersAndSpeakers() throws {
    let engine = RecordingSpeechEngine()
    var options = NarrationOptions()
    options.dialogueVoice = "gmw/de"
    options.voiceMap = VoiceMap(
        chapters: [.init(number: 2, title: nil, voice: "gmw/en-US")], speakers: [.init(name: "Holmes", voice: "roa/fr")])
    let narrator = try Narrator(engine: engine, options: options, language: "en")
    let book = Book(pages: [
        Page(utterances: [Utterance("“Come,” said Holmes, “at once.”\n"), Utterance("“Why?” I asked.\n")]),
        Page(utterances: [Utterance("It rained.")]),
    ])
    let recorder = TimingRecorder()
    _ = try narrator.narrate(BookPageStream(book), to: MemorySink(), observer: recorder)
    #expect(engine.requests.map(\.voice) == ["roa/fr", "gmw/en", "roa/fr", "gmw/de", "gmw/en", "gmw/en-US"])
    #expect(recorder.timings.flatMap(\.words).map(\.voice).last == "gmw/en-US")
}
