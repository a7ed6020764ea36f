import Foundation

/// Builds zip archives in memory for tests: stored (uncompressed) entries
/// with correct CRCs, and any entry name — including hostile ones.
public enum TestZip {
    /// The bytes of a zip holding `entries` in order.
    public static func make(_ entries: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var output: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = crc32(entry.bytes)
            let offset = UInt32(output.count)
            output += le32(0x0403_4B50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0)
            output += le32(crc) + le32(UInt32(entry.bytes.count)) + le32(UInt32(entry.bytes.count))
            output += le16(UInt16(name.count)) + le16(0) + name + entry.bytes
            central += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0)
            central += le32(crc) + le32(UInt32(entry.bytes.count)) + le32(UInt32(entry.bytes.count))
            central += le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset)
            central += name
        }
        let centralOffset = UInt32(output.count)
        output += central
        output += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        output += le32(UInt32(central.count)) + le32(centralOffset) + le16(0)
        return output
    }

    /// Entries given as text.
    public static func make(text entries: [(String, String)]) -> [UInt8] {
        make(entries.map { (name: $0.0, bytes: Array($0.1.utf8)) })
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}

extension TestZip {
    /// A zip of every file under `folder` (an exploded EPUB), `mimetype` first.
    public static func folder(_ folder: URL) throws -> [UInt8] {
        let root = folder.standardizedFileURL.path
        var names: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                names.append(name)
            }
        }
        names.sort { ($0 == "mimetype" ? 0 : 1, $0) < ($1 == "mimetype" ? 0 : 1, $1) }
        return make(try names.map { (name: $0, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + $0)))) })
    }
}
