import Testing

@testable import narrate

@Test(arguments: [
    ([0x1B, 0x5B, 0x41], Key.up), ([0x1B, 0x5B, 0x42], .down), ([0x1B, 0x5B, 0x43], .right),
    ([0x1B, 0x5B, 0x44], .left), ([0x1B, 0x4F, 0x43], .right), ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x44], .left),
    ([0x1B, 0x5B, 0x31, 0x35, 0x7E], .other), ([0x1B, 0x5B, 0x35, 0x7E], .pageUp), ([0x1B, 0x5B, 0x36, 0x7E], .pageDown), ([0x03], .interrupt), ([0x04], .interrupt), ([0x0D], .enter),
    ([0x7F], .backspace), ([0x20], .character(" ")), ([0xE2, 0x88, 0x92], .character("\u{2212}")),
])
func decodesOneKey(bytes: [UInt8], key: Key) {
    var decoder = KeyDecoder()
    #expect(decoder.feed(bytes) == [key])
    #expect(!decoder.hasPending)
}

@Test func keepsASequenceCutBetweenReads() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x6E, 0x1B]) == [.character("n")])
    #expect(decoder.hasPending)
    #expect(decoder.feed([0x5B]) == [])
    #expect(decoder.feed([0x43, 0x71]) == [.right, .character("q")])
}

@Test func aLoneEscapeIsTheEscapeKeyAfterAPause() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.feed([0x1B, 0x67]) == [.escape, .character("g")])
}

@Test func readsSeveralKeysFromOneRead() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("np+-".utf8) + [0x1B, 0x5B, 0x44]) == [
        .character("n"), .character("p"), .character("+"), .character("-"), .left,
    ])
}

@Test func invalidBytesDoNotStopDecoding() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0xFF, 0x71]) == [.other, .character("q")])
}
