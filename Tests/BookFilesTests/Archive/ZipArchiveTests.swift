import Foundation
import TestSupport
import Testing

@testable import BookFiles

private let sample = TestZip.make(text: [("mimetype", "application/epub+zip"), ("a/b.txt", "hello")])

@Test func entriesAreListedAndReadByNormalisedPath() throws {
    let archive = try ZipArchive(bytes: sample)
    #expect(archive.entryPaths == ["mimetype", "a/b.txt"])
    #expect(try archive.read("a/b.txt") == Array("hello".utf8))
    #expect(throws: ArchiveError.missingEntry("nope")) { try archive.read("nope") }
}

@Test func entryNamesThatLeaveTheArchiveAreNeitherListedNorReadable() throws {
    let names = ["../evil.txt", "/abs.txt", "..\\win.txt", "ok/../../up.txt", "fine/./x.txt"]
    let archive = try ZipArchive(bytes: TestZip.make(text: names.map { ($0, "x") }))
    #expect(archive.entryPaths == ["fine/x.txt"])
    #expect(archive.refusedNames.count == 4)
    #expect(!archive.contains("evil.txt") && !archive.contains("abs.txt") && !archive.contains("up.txt"))
}

@Test(arguments: [
    ("empty", [UInt8]()), ("text", Array("just some text, not a zip".utf8)), ("header only", Array(sample.prefix(3))),
])
func emptyAndForeignInputIsNotAnArchive(label: String, bytes: [UInt8]) {
    #expect {
        try ZipArchive(bytes: bytes)
    } throws: { error in
        guard case .notAnArchive(let message) = error as? ArchiveError else { return false }
        return !message.isEmpty
    }
}

@Test(arguments: [sample.count / 2, 4, sample.count - 10])
func aZipCutShortSaysItIsTruncated(keeping count: Int) {
    let bytes = Array(sample.prefix(count))
    #expect(throws: ArchiveError.truncated(size: count)) { try ZipArchive(bytes: bytes) }
    #expect(ArchiveError.truncated(size: count).description.contains("ends after \(count) bytes"))
}

@Test func aTruncatedZipFileSaysItIsTruncated() throws {
    let path = PackageFixtures.url("epub/truncated.epub").path
    let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    #expect(throws: ArchiveError.truncated(size: size)) { try ZipArchive(file: FileByteSource(path: path)) }
}

@Test func aDamagedEntryFailsItsCRCCheck() throws {
    var bytes = sample
    let offset = try #require(bytes.firstRange(of: Array("hello".utf8))?.lowerBound)
    bytes[offset] = UInt8(ascii: "j")
    let archive = try ZipArchive(bytes: bytes)
    #expect(try archive.read("mimetype") == Array("application/epub+zip".utf8))
    #expect {
        try archive.read("a/b.txt")
    } throws: { error in
        guard case .corruptEntry(let path, _) = error as? ArchiveError else { return false }
        return path == "a/b.txt"
    }
}

@Test func aZipBombIsRefusedByItsSizeBeforeItIsInflated() throws {
    let bomb = try PackageFixtures.bytes("epub/zip-bomb.epub")
    let archive = try ZipArchive(bytes: bomb)
    #expect(throws: ArchiveError.entryTooLarge(path: "bomb.xhtml", size: (100 << 20) + 7, limit: 64 << 20)) {
        try archive.read("bomb.xhtml")
    }
}

@Test func aHighCompressionRatioAloneRefusesNothing() throws {
    let archive = try ZipArchive(file: FileByteSource(path: PackageFixtures.url("epub/repetitive-700-to-1.epub").path))
    let chapter = try archive.read("OEBPS/chant.xhtml")
    #expect(chapter.count > 1 << 20)
}

/// An entry whose central-directory record says it holds `declared` bytes.
private func withDeclaredSize(_ declared: UInt32, of name: String, in zip: [UInt8]) throws -> [UInt8] {
    var bytes = zip
    let header: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
    var start = 0
    while let found = bytes[start...].firstRange(of: header) {
        let nameLength = Int(bytes[found.lowerBound + 28]) | Int(bytes[found.lowerBound + 29]) << 8
        let nameStart = found.lowerBound + 46
        if Array(bytes[nameStart..<nameStart + nameLength]) == Array(name.utf8) {
            for index in 0..<4 { bytes[found.lowerBound + 24 + index] = UInt8((declared >> (8 * UInt32(index))) & 0xFF) }
            return bytes
        }
        start = found.upperBound
    }
    throw ArchiveError.missingEntry(name)
}

@Test func anEntryThatInflatesPastItsDeclaredSizeIsStoppedWhileInflating() throws {
    let lying = try withDeclaredSize(1000, of: "bomb.xhtml", in: PackageFixtures.bytes("epub/zip-bomb.epub"))
    let archive = try ZipArchive(bytes: lying)
    #expect {
        try archive.read("bomb.xhtml")
    } throws: { error in
        guard case .corruptEntry(let path, let message) = error as? ArchiveError else { return false }
        return path == "bomb.xhtml" && message.contains("1000 bytes declared")
    }
}

@Test func entrySizeTotalSizeAndEntryCountLimitsAreEnforced() throws {
    var limits = ArchiveLimits()
    limits.maxEntrySize = 10
    #expect(throws: ArchiveError.entryTooLarge(path: "mimetype", size: 20, limit: 10)) {
        try ZipArchive(bytes: sample, limits: limits).read("mimetype")
    }
    limits = ArchiveLimits()
    limits.maxTotalSize = 22
    let archive = try ZipArchive(bytes: sample, limits: limits)
    _ = try archive.read("mimetype")
    #expect(throws: ArchiveError.totalSizeExceeded(path: "a/b.txt", limit: 22)) { try archive.read("a/b.txt") }
    limits = ArchiveLimits(megabytes: 2048)
    #expect(limits.maxEntrySize == 2048 << 20 && limits.maxTotalSize == 2048 << 20)
    #expect(ArchiveLimits(megabytes: 1) == ArchiveLimits())
    limits = ArchiveLimits()
    limits.maxEntries = 1
    #expect(throws: ArchiveError.tooManyEntries(count: 2, limit: 1)) { try ZipArchive(bytes: sample, limits: limits) }
}

@Test func aFolderArchiveListsRegularFilesAndDoesNotFollowLinks() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-dir-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try Data("inside".utf8).write(to: root.appendingPathComponent("sub/a.txt"))
    try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link").path, withDestinationPath: "/etc/passwd")
    let archive = try DirectoryArchive(root: root.path)
    #expect(archive.entryPaths == ["sub/a.txt"])
    #expect(try archive.read("sub/a.txt") == Array("inside".utf8))
    #expect(throws: ArchiveError.missingEntry("link")) { try archive.read("link") }
    var limits = ArchiveLimits()
    limits.maxEntrySize = 3
    #expect(throws: ArchiveError.entryTooLarge(path: "sub/a.txt", size: 6, limit: 3)) {
        try DirectoryArchive(root: root.path, limits: limits).read("sub/a.txt")
    }
}
