import BookModel
import Importers
import TestSupport
import Testing

@testable import Exporters
@testable import PropertyLists

/// Written books, cut short or with bytes changed at random, read as a
/// narrated-book plist: an error or a book, never a crash.
@Test func everyTruncationOfABinaryPlistFailsCleanly() throws {
    let book = Book(pages: [Page(utterances: [Utterance("Hello ", prosody: Prosody(rate: 0.4)), Utterance("world.")])])
    let bytes = try NarratedPlistWriter.bytes(of: book, format: .binary)
    for length in 0..<bytes.count {
        #expect(throws: PropertyListError.self) { try BinaryPropertyListReader.parse(Array(bytes.prefix(length))) }
    }
}

@Test func corruptedBinaryPlistsNeverCrash() throws {
    let book = Book(pages: (0..<5).map { page in
        Page(backgroundImage: "p\(page).jpg", utterances: (0..<20).map { Utterance("word\($0) ", prosody: Prosody(rate: Double($0) / 20)) })
    })
    let original = try NarratedPlistWriter.bytes(of: book, format: .binary)
    var generator = SplitMix64(seed: 42)
    for _ in 0..<3000 {
        var bytes = original
        for _ in 0..<Int(generator.next() % 4 + 1) {
            let index = Int(generator.next() % UInt64(bytes.count))
            bytes[index] = UInt8(truncatingIfNeeded: generator.next())
        }
        // Either a value or an ImportError; anything else (a trap) fails the run.
        _ = try? Importing.plist(bytes: bytes, format: .binaryPropertyList)
    }
}

@Test func corruptedXMLPlistsNeverCrash() throws {
    let original = try PackageFixtures.bytes("plist/WhirlySquirrelly.plist")
    var generator = SplitMix64(seed: 7)
    for _ in 0..<2000 {
        var bytes = original
        for _ in 0..<Int(generator.next() % 4 + 1) {
            let index = Int(generator.next() % UInt64(bytes.count))
            bytes[index] = UInt8(truncatingIfNeeded: generator.next() % 128)
        }
        _ = try? Importing.plist(bytes: bytes, format: .xmlPropertyList)
    }
}
