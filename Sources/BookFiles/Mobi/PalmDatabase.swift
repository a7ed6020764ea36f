/// The headers of a MOBI, AZW3 or PRC file read by hand, before libmobi sees
/// the bytes: the Palm database header and record list, and record 0's
/// PalmDOC and MOBI headers. Checking them first turns an encrypted book, a
/// record list that runs outside the file or a text length past the limit
/// into one clear error, and keeps such files away from the library.
public struct PalmDatabase: Hashable, Sendable {
    /// The database type and creator at offset 60: `BOOKMOBI` or `TEXtREAd`.
    public var typeAndCreator: String
    /// Where each record starts, in file order; the first is record 0.
    public var recordOffsets: [Int]
    /// Record 0's compression: 1 none, 2 PalmDOC, 17480 HUFF/CDIC.
    public var compression: Int
    /// The uncompressed length of the text, in bytes, as record 0 declares it.
    public var textLength: Int
    /// How many records after record 0 hold the text.
    public var textRecordCount: Int
    /// Record 0's encryption type: 0 none, 1 or 2 Mobipocket DRM.
    public var encryption: Int
    /// The MOBI header's format version (6 for MOBI 6 and hybrids, 8 for
    /// KF8); nil for a PalmDOC book without a MOBI header.
    public var version: Int?

    /// The database type of a Mobipocket book, at offset 60 of the file.
    public static let mobipocket = "BOOKMOBI"
    /// The database type of a plain PalmDOC book.
    public static let palmDOC = "TEXtREAd"

    /// Whether the first bytes of a file are a Palm database of a book
    /// narrate reads through libmobi.
    public static func isBook(_ head: some Collection<UInt8>) -> Bool {
        let type = head.dropFirst(60).prefix(8)
        return type.elementsEqual(mobipocket.utf8) || type.elementsEqual(palmDOC.utf8)
    }

    /// Reads and checks the headers of a whole file.
    /// - Throws: ``MobiError/malformed(_:)`` for a file that is not a book
    ///   database or whose records fall outside it, ``MobiError/drmProtected(scheme:)``
    ///   for encrypted text, ``MobiError/unsupported(_:)`` for an unknown compression.
    public init(bytes: [UInt8]) throws(MobiError) {
        guard bytes.count >= 78, Self.isBook(bytes) else { throw .malformed("no Palm database header of a book") }
        typeAndCreator = String(decoding: bytes[60..<68], as: UTF8.self)
        recordOffsets = try Self.recordOffsets(bytes)
        let start = recordOffsets[0]
        let end = recordOffsets.count > 1 ? recordOffsets[1] : bytes.count
        let record0 = bytes[start..<end]
        guard record0.count >= 16 else { throw .malformed("record 0 is \(record0.count) bytes, too short for its header") }
        compression = Self.integer(record0, at: 0, size: 2)
        textLength = Self.integer(record0, at: 4, size: 4)
        textRecordCount = Self.integer(record0, at: 8, size: 2)
        encryption = Self.integer(record0, at: 12, size: 2)
        let hasMobiHeader = record0.count >= 40 && record0.dropFirst(16).prefix(4).elementsEqual("MOBI".utf8)
        version = hasMobiHeader ? Self.integer(record0, at: 36, size: 4) : nil
        try check()
    }

    /// Whether the book's main text is KF8 (an AZW3), not MOBI 6.
    public var isKF8: Bool { version == 8 }

    private func check() throws(MobiError) {
        if encryption != 0 { throw .drmProtected(scheme: encryption) }
        guard [1, 2, 17480].contains(compression) else {
            throw .unsupported("the book's text uses compression type \(compression), which narrate does not know")
        }
        guard textRecordCount < recordOffsets.count else {
            throw .malformed("record 0 names \(textRecordCount) text records; the file has \(recordOffsets.count - 1)")
        }
    }

    /// The record list: at least one record, each starting inside the file
    /// and no earlier than the one before (libmobi sizes a record as the
    /// distance to the next).
    private static func recordOffsets(_ bytes: [UInt8]) throws(MobiError) -> [Int] {
        let count = integer(bytes[...], at: 76, size: 2)
        guard count > 0 else { throw .malformed("the database has no records") }
        guard 78 + 8 * count <= bytes.count else {
            throw .malformed("the list of \(count) records runs past the end of the file (\(bytes.count) bytes)")
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for index in 0..<count {
            let offset = integer(bytes[...], at: 78 + 8 * index, size: 4)
            guard offset <= bytes.count else {
                throw .malformed("the file ends after \(bytes.count) bytes, before record \(index) (at \(offset)): it is cut short")
            }
            guard offset >= 78 + 8 * count, offset >= (offsets.last ?? 0) else {
                throw .malformed("record \(index) starts at \(offset), inside the record list or before the record before it")
            }
            offsets.append(offset)
        }
        return offsets
    }

    /// A big-endian unsigned integer of `size` bytes at `offset` from the
    /// start of `bytes`; the caller has checked the bounds.
    private static func integer(_ bytes: ArraySlice<UInt8>, at offset: Int, size: Int) -> Int {
        let start = bytes.startIndex + offset
        return bytes[start..<start + size].reduce(0) { $0 << 8 | Int($1) }
    }
}
