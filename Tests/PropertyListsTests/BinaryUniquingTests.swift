import BookModel
import PropertyLists
import Testing

/// The binary format stores each distinct string once: distinct by its code
/// units, not by Swift's canonical equivalence, so every spelling reads
/// back as written (a book may hold "é" both precomposed and decomposed).
@Suite struct BinaryUniquingTests {
    /// Precomposed and decomposed é, the ohm sign and omega, a string
    /// beyond the Basic Multilingual Plane, each repeated.
    static let strings = ["caf\u{E9}", "cafe\u{301}", "caf\u{E9}", "\u{2126}", "\u{3A9}", "\u{2126}", "a\u{1F600}b", "a\u{1F600}b", "plain"]

    static func binary(_ strings: [String]) throws -> [UInt8] {
        func emit(to emitter: inout some PropertyListEmitter) throws {
            try emitter.beginArray(count: strings.count)
            for string in strings { try emitter.string(string) }
            try emitter.endArray()
            try emitter.finish()
        }
        var counter = BinaryPropertyListCounter()
        try emit(to: &counter)
        var written: [UInt8] = []
        var emitter = BinaryPropertyListEmitter(sink: ByteSink { written += $0 }, objectCount: counter.objectCount)
        try emit(to: &emitter)
        return written
    }

    @Test func everySpellingReadsBackAsWritten() throws {
        let value = try BinaryPropertyListReader.parse(Self.binary(Self.strings))
        guard case .array(let items) = value else {
            Issue.record("not an array: \(value)")
            return
        }
        let read = items.map { item -> [UInt32] in
            guard case .string(let string) = item else { return [] }
            return string.unicodeScalars.map(\.value)
        }
        #expect(read == Self.strings.map { $0.unicodeScalars.map(\.value) })
    }

    @Test func equalSpellingsAreStoredOnce() throws {
        var counter = BinaryPropertyListCounter()
        try counter.beginArray(count: Self.strings.count)
        for string in Self.strings { try counter.string(string) }
        try counter.endArray()
        // The array and six distinct spellings.
        #expect(counter.objectCount == 7)
        // Each string's bytes appear once in the file.
        let bytes = try Self.binary(Self.strings)
        #expect(Self.occurrences(of: Array("plain".utf8), in: bytes) == 1)
        #expect(Self.occurrences(of: [0x00, 0x63, 0x00, 0x61, 0x00, 0x66, 0x00, 0xE9], in: bytes) == 1)  // "café", UTF-16BE
        #expect(Self.occurrences(of: [0xD8, 0x3D, 0xDE, 0x00], in: bytes) == 1)  // U+1F600 as a surrogate pair
    }

    private static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard haystack.count >= needle.count else { return 0 }
        return (0...(haystack.count - needle.count)).filter { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }.count
    }
}
