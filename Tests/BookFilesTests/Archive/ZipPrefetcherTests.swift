import TestSupport
import Testing

@testable import BookFiles

/// Many content documents, so the archive inflates them on another core.
private let documents = (0..<40).map { index in
    (name: "OEBPS/text/chapter-\(index).xhtml", bytes: Array("<p>Chapter \(index) “text”</p>".utf8) + Array(repeating: UInt8(ascii: "x"), count: index * 97))
}

@Test func contentDocumentsReadTheSameInAnyOrderWhileInflatedAhead() throws {
    let bytes = TestZip.make([("mimetype", Array("application/epub+zip".utf8))] + documents)
    for order in [Array(documents.indices), documents.indices.reversed(), documents.indices.sorted { $0 % 7 < $1 % 7 }] {
        let archive = try ZipArchive(bytes: bytes)
        for index in order {
            #expect(try archive.read(documents[index].name) == documents[index].bytes)
        }
        #expect(try archive.read("mimetype") == Array("application/epub+zip".utf8))
    }
}

@Test func aDamagedDocumentStillFailsItsCRCCheckAndTheOthersRead() throws {
    var bytes = TestZip.make(documents)
    let damaged = try #require(bytes.firstRange(of: Array("Chapter 17 ".utf8))?.lowerBound)
    bytes[damaged] = UInt8(ascii: "c")
    let archive = try ZipArchive(bytes: bytes)
    for (index, document) in documents.enumerated() where index != 17 {
        #expect(try archive.read(document.name) == document.bytes)
    }
    #expect(throws: ArchiveError.self) { try archive.read(documents[17].name) }
}

@Test func archivesDroppedWhileInflatingAheadStopCleanly() throws {
    let bytes = TestZip.make(documents)
    for _ in 0..<50 {
        let archive = try ZipArchive(bytes: bytes)
        #expect(archive.contains(documents[0].name))
    }
}
