import BookFiles
import BookModel
import TestSupport
import Testing

@testable import Importers

/// Damaged, hostile and DRM-protected Kindle books: each ends in one clear
/// error line, checked before libmobi sees the bytes where the headers
/// show it, never a crash, a hang or a runaway allocation.
struct HostileMobiTests {
    static let fixtures = ["mobi/metadata-and-cover.mobi", "mobi/sections-and-titles.azw3", "mobi/squirrel.mobi"]

    /// The fixture's bytes with `edit` applied.
    static func edited(_ fixture: String, _ edit: (inout [UInt8]) -> Void) -> [UInt8] {
        var bytes = (try? PackageFixtures.bytes(fixture)) ?? []
        if bytes.count > 80 { edit(&bytes) }
        return bytes
    }

    /// Where record 0 starts: the first entry of the record list.
    static func record0(_ bytes: [UInt8]) -> Int {
        bytes[78..<82].reduce(0) { $0 << 8 | Int($1) }
    }

    static func put(_ value: Int, size: Int, at offset: Int, in bytes: inout [UInt8]) {
        for index in 0..<size { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - index))) }
    }

    @Test(arguments: fixtures)
    func aBookWhoseTextIsEncryptedIsRefusedAsDRMProtected(fixture: String) {
        let bytes = Self.edited(fixture) { Self.put(2, size: 2, at: Self.record0($0) + 12, in: &$0) }
        #expect(throws: ImportError.unsupported(
            "the book is DRM-protected (its text is encrypted): narrate reads only books without DRM"))
        {
            try BookImporter.importBook(bytes: bytes, fileName: "book.azw3")
        }
    }

    /// A header field overwritten: where, how wide, with what.
    enum Damage: String, CaseIterable, Sendable {
        case recordListPastTheEnd, noRecords, record0OutsideTheFile, unknownCompression, moreTextRecordsThanRecords

        func apply(to bytes: inout [UInt8]) {
            switch self {
            case .recordListPastTheEnd: put(60_000, size: 2, at: 76, in: &bytes)
            case .noRecords: put(0, size: 2, at: 76, in: &bytes)
            case .record0OutsideTheFile: put(0x7FFF_FFFF, size: 4, at: 78, in: &bytes)
            case .unknownCompression: put(7, size: 2, at: record0(bytes), in: &bytes)
            case .moreTextRecordsThanRecords: put(60_000, size: 2, at: record0(bytes) + 8, in: &bytes)
            }
        }

        var message: String {
            switch self {
            case .recordListPastTheEnd: "the list of 60000 records runs past the end of the file"
            case .noRecords: "the database has no records"
            case .record0OutsideTheFile: "before record 0 (at 2147483647): it is cut short"
            case .unknownCompression: "the book's text uses compression type 7"
            case .moreTextRecordsThanRecords: "record 0 names 60000 text records"
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func damagedHeadersEndInOneClearError(damage: Damage) {
        for fixture in Self.fixtures {
            let bytes = Self.edited(fixture) { damage.apply(to: &$0) }
            #expect {
                try BookImporter.importBook(bytes: bytes, fileName: "book.mobi")
            } throws: { error in
                "\(error)".contains(damage.message) && !"\(error)".contains("\n")
            }
        }
    }

    /// Found by the fuzzer: an NCX whose entries name each other as
    /// parents kept libmobi writing `toc-1-4-1-4…` for ever. The index is
    /// checked first and left out; the text is still read.
    @Test func aTableOfContentsWhoseParentsLoopIsLeftOutNotFollowedForEver() throws {
        let result = try BookImporter.importBook(bytes: PackageFixtures.bytes("mobi/ncx-parents-loop.mobi"), fileName: "book.mobi")
        #expect(result.warnings.contains { $0.message.contains("table of contents (NCX) is damaged") }, "\(result.warnings)")
        #expect(result.book.metadata.title == "The Hoard")
        #expect(!result.book.pages.isEmpty && result.book.pages.allSatisfy { !$0.utterances.isEmpty })
    }

    @Test func aTextLongerThanTheLimitIsRefusedBeforeLibmobiDecompressesIt() throws {
        var options = ImportOptions()
        options.archiveLimits.maxEntrySize = 1 << 20
        let bytes = Self.edited("mobi/sections-and-titles.mobi") { Self.put(0x7FFF_FFFF, size: 4, at: Self.record0($0) + 4, in: &$0) }
        #expect(throws: ImportError.tooLarge("the book's text is 2048 MB, more than the limit of 1 MB")) {
            try BookImporter.importBook(bytes: bytes, fileName: "book.mobi", options: options)
        }
    }

    /// Every length the file could be cut to, in steps: each cut book is
    /// read or refused in one line.
    @Test(arguments: fixtures)
    func aBookCutShortAnywhereIsReadOrRefusedInOneLine(fixture: String) throws {
        let bytes = try PackageFixtures.bytes(fixture)
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            expectReadOrRefusedInOneLine(Array(bytes.prefix(length)))
        }
    }

    /// Seeded random damage (bytes overwritten, runs zeroed) to the whole
    /// file, past the headers the hand checks see.
    @Test(arguments: fixtures)
    func randomlyDamagedBooksAreReadOrRefusedInOneLine(fixture: String) throws {
        let original = try PackageFixtures.bytes(fixture)
        var random = SplitMix64(seed: 26)
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let offset = Int.random(in: 78..<bytes.count, using: &random)
                if Bool.random(using: &random) {
                    bytes[offset] = UInt8.random(in: 0...255, using: &random)
                } else {
                    for index in offset..<min(bytes.count, offset + Int.random(in: 1...64, using: &random)) { bytes[index] = 0 }
                }
            }
            expectReadOrRefusedInOneLine(bytes)
        }
    }

    private func expectReadOrRefusedInOneLine(_ bytes: [UInt8]) {
        do {
            _ = try BookImporter.importBook(bytes: bytes, fileName: "book.mobi")
        } catch {
            #expect(!"\(error)".contains("\n") && !"\(error)".isEmpty)
        }
    }
}
