import PropertyLists
import Testing

/// `&`, `<` and `>` escaped as XML character data, byte for byte: the
/// emitter copies markup-free runs eight bytes at a time, so markup is put at
/// every place around the eight-byte steps, in texts short and long.
@Test func escapesMarkupAtEveryPlaceAroundTheWordSteps() {
    var texts: [[UInt8]] = []
    for length in 0...28 {
        let plain = Array(String(repeating: "abcdéfgh", count: 4).utf8.prefix(length))
        texts.append(plain)
        for place in 0..<length {
            for markup in [UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">")] {
                var text = plain
                text[place] = markup
                texts.append(text)
                if place + 3 < length { text[place + 3] = UInt8(ascii: "&") }
                texts.append(text)
            }
        }
    }
    // One sink for all (each text between `|` marks): a sink starts with a
    // 64 KB buffer, slow to fill in a debug build.
    var storage: [UInt8] = []
    var sink = ByteSink.collecting(takingStorageOf: &storage)
    var expected: [UInt8] = []
    for text in texts {
        sink.append(UInt8(ascii: "|"))
        text.withUnsafeBufferPointer { bytes in
            sink.write(atMost: bytes.count * 5) { writer in writer.append(escapingMarkup: bytes) }
        }
        expected.append(UInt8(ascii: "|"))
        for byte in text {
            switch byte {
            case UInt8(ascii: "&"): expected += Array("&amp;".utf8)
            case UInt8(ascii: "<"): expected += Array("&lt;".utf8)
            case UInt8(ascii: ">"): expected += Array("&gt;".utf8)
            default: expected.append(byte)
            }
        }
    }
    #expect(texts.count > 1000)
    #expect(String(decoding: sink.takeBytes(), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
}
