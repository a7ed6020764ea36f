import Foundation
import Testing

@testable import BookFiles

/// Deflated entries are inflated by libdeflate (``DeflateDecoder``), not
/// libzip: every size reads back whole, from memory and from a file, and
/// damaged data, a wrong size or a wrong CRC is a corrupt entry.
struct DeflatedEntryTests {
    private static let text = Array(String(repeating: "It is a truth universally acknowledged, “that” — ", count: 2_000).utf8)

    /// A zip written by ``ZipWriter`` with `entries` deflated, as bytes.
    private static func deflatedZip(_ entries: [(String, [UInt8])]) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("deflated-\(UUID().uuidString).zip").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try ZipWriter(path: path)
        for (name, bytes) in entries { try writer.add(name, bytes: bytes, compressed: true) }
        try writer.close()
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Offsets of the entry's local header and central directory record.
    private static func headers(of name: String, in zip: [UInt8]) throws -> (local: Int, central: Int) {
        let local = try #require(zip.firstRange(of: [0x50, 0x4B, 0x03, 0x04])?.lowerBound)
        let central = try #require(zip.firstRange(of: [0x50, 0x4B, 0x01, 0x02])?.lowerBound)
        #expect(Array(zip[(local + 30)..<(local + 30 + name.utf8.count)]) == Array(name.utf8))
        #expect(zip[local + 8] == 8, "deflated")
        return (local, central)
    }

    private static func add(_ delta: Int32, toField offset: Int, in zip: inout [UInt8]) {
        let value = zip[offset..<(offset + 4)].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * $1.offset) }
        let changed = UInt32(bitPattern: Int32(bitPattern: value) &+ delta)
        for index in 0..<4 { zip[offset + index] = UInt8(truncatingIfNeeded: changed >> (8 * index)) }
    }

    private static func corruptMessage(reading name: String, from zip: [UInt8]) -> String? {
        do {
            _ = try ZipArchive(bytes: zip).read(name)
            return nil
        } catch {
            guard case .corruptEntry(let path, let message) = error, path == name else { return "wrong error: \(error)" }
            return message
        }
    }

    @Test(arguments: [0, 1, 100, 70_000])
    func textOfEverySizeReadsBackWhole(count: Int) throws {
        let bytes = Array(Self.text.prefix(count))
        let zip = try Self.deflatedZip([("a.txt", bytes)])
        #expect(try ZipArchive(bytes: zip).read("a.txt") == bytes)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("deflated-\(UUID().uuidString).zip").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = FileManager.default.createFile(atPath: path, contents: Data(zip))
        #expect(try ZipArchive(file: FileByteSource(path: path)).read("a.txt") == bytes)
    }

    /// Random bytes do not compress: DEFLATE stores them, a little larger.
    @Test func incompressibleBytesReadBackWhole() throws {
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let zip = try Self.deflatedZip([("noise.bin", bytes), ("a.txt", Self.text)])
        let archive = try ZipArchive(bytes: zip)
        #expect(try archive.read("noise.bin") == bytes)
        #expect(try archive.read("a.txt") == Self.text)
    }

    @Test func damagedCompressedDataIsACorruptEntry() throws {
        let zip = try Self.deflatedZip([("a.txt", Self.text)])
        let (local, _) = try Self.headers(of: "a.txt", in: zip)
        let dataStart = local + 30 + 5
        let dataEnd = try #require(zip.firstRange(of: [0x50, 0x4B, 0x01, 0x02])?.lowerBound)
        for offset in stride(from: dataStart, to: dataEnd, by: max(1, (dataEnd - dataStart) / 40)) {
            var damaged = zip
            damaged[offset] ^= 0x5A
            let message = Self.corruptMessage(reading: "a.txt", from: damaged)
            #expect(message != nil && message?.hasPrefix("wrong error") == false, "byte \(offset - dataStart): \(message ?? "read")")
        }
    }

    @Test func aWrongCRCIsACorruptEntry() throws {
        var zip = try Self.deflatedZip([("a.txt", Self.text)])
        let (local, central) = try Self.headers(of: "a.txt", in: zip)
        Self.add(1, toField: local + 14, in: &zip)
        Self.add(1, toField: central + 16, in: &zip)
        #expect(Self.corruptMessage(reading: "a.txt", from: zip) == "CRC error")
    }

    /// The inflated data must be the size the directory declares, neither
    /// more (refused before it is written past) nor less.
    @Test(arguments: [(-1, "more data than the 109999 bytes declared"), (1, "110000 bytes instead of the 110001 declared")])
    func aWrongDeclaredSizeIsACorruptEntry(delta: Int32, message: String) throws {
        #expect(Self.text.count == 110_000)
        var zip = try Self.deflatedZip([("a.txt", Self.text)])
        let (local, central) = try Self.headers(of: "a.txt", in: zip)
        Self.add(delta, toField: local + 22, in: &zip)
        Self.add(delta, toField: central + 24, in: &zip)
        #expect(Self.corruptMessage(reading: "a.txt", from: zip) == message)
    }
}
