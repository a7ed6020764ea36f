import PropertyLists
import Testing

/// Values keyed for repeating (an utterance's prosody) are copied from an
/// earlier rendering only when key and depth match, and the bytes are
/// those a fresh rendering gives, flushes in the middle included.
@Suite struct RepeatedValueTests {
    /// A value drawn from its key: a dictionary of reals, or an empty one.
    private static func emitValue(_ key: Int, to emitter: inout some PropertyListEmitter) throws {
        try emitter.key(static: "properties")
        guard key % 5 != 0 else {
            try emitter.beginDictionary(count: 0)
            return try emitter.endDictionary()
        }
        try emitter.beginDictionary(count: 2)
        try emitter.entry(static: "pitch", real: Double(key) / 8)
        try emitter.entry(static: "rate", real: -Double(key) * 1.001)
        try emitter.endDictionary()
    }

    private static func repeatKey(_ key: Int) -> RepeatKey {
        RepeatKey((UInt64(key), 0, 0, 0, 0, 0))
    }

    /// Keys that repeat often, at two depths, then many more keys than the
    /// table has slots (so they replace one another), then the first again.
    private static let keys = (0..<200).map { ($0 * 7) % 6 } + Array(0..<300) + (0..<100).map { $0 % 6 }

    private static func document(chunkSize: Int, repeating: Bool) throws -> [UInt8] {
        var written: [UInt8] = []
        var emitter = XMLPropertyListEmitter(sink: ByteSink(chunkSize: chunkSize) { written += $0 })
        try emitter.beginArray(count: keys.count)
        for (index, key) in keys.enumerated() {
            try emitter.beginDictionary(count: 1)
            if index % 2 == 0 {  // one level deeper
                try emitter.key(static: "inner")
                try emitter.beginDictionary(count: 1)
            }
            if repeating {
                try emitter.repeatable(repeatKey(key)) { try emitValue(key, to: &$0) }
            } else {
                try emitValue(key, to: &emitter)
            }
            if index % 2 == 0 { try emitter.endDictionary() }
            try emitter.endDictionary()
        }
        try emitter.endArray()
        try emitter.finish()
        return written
    }

    @Test(arguments: [7, 300, 1 << 20])
    func repeatedValuesAreWrittenAsFreshOnes(chunkSize: Int) throws {
        let fresh = try Self.document(chunkSize: chunkSize, repeating: false)
        #expect(try Self.document(chunkSize: chunkSize, repeating: true) == fresh)
        #expect(String(decoding: fresh, as: UTF8.self).contains("<real>-1.001</real>"))
    }
}
