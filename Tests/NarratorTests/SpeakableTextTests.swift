import Narrator
import Testing

@testable import TextPrimitives

struct SpeakableTextTests {
    @Test(arguments: [
        ("Capt. Ahab met Prof. Moriarty and Gen. Lee.", "Capt. ahab met Prof. moriarty and Gen. lee."),
        ("Mr. Smith and J. R. R. Tolkien, e.g. This.", "Mr. smith and J. r. r. tolkien, e.g. this."),
        ("He left. She stayed.", "He left. She stayed."),
        ("So did I. Then we ran.", "So did I. Then we ran."),
        ("Apples etc. and more", "Apples etc. and more"),
        ("Ask Dr. NASA now.", "Ask Dr. NASA now."),
    ])
    func periodsAfterAbbreviationsCannotEndAClause(text: String, expected: String) {
        #expect(SpeakableText.prepare([text]) == [expected])
    }

    @Test func abbreviationsCarryAcrossUtterances() {
        let prepared = SpeakableText.prepare(["Capt. ", "Ahab ", "met ", "Dr.", " Who."])
        #expect(prepared == ["Capt. ", "ahab ", "met ", "Dr.", " who."])
    }

    @Test func preparedTextKeepsItsLengthInScalars() {
        let texts = ["Mr. \u{130}stanbul ", "St. \u{C9}tienne", "Dr. \u{1F600}x"]
        let prepared = SpeakableText.prepare(texts)
        #expect(zip(texts, prepared).allSatisfy { $0.unicodeScalars.count == $1.unicodeScalars.count })
    }

    @Test(arguments: [
        ("hop. ", true), ("goes!", true), ("what?\u{201D} ", true), ("Capt. ", false), ("J. ", false),
        ("word ", false), ("Whirly, ", false), ("Heading\n", true), ("and so on\u{2026}", true), ("I. ", true),
    ])
    func sentenceEnds(text: String, ends: Bool) {
        #expect(SpeakableText.endsSentence(text) == ends)
    }

    @Test func clauseEndsIncludeCommas() {
        #expect(SpeakableText.endsClause("Whirly, "))
        #expect(SpeakableText.endsClause("end. "))
        #expect(!SpeakableText.endsClause("the "))
    }
}
