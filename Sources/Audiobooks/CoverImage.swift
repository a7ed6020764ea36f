import Foundation

/// A cover picture to embed: its bytes and what kind of image they hold,
/// told from their first bytes (not the file name).
public struct CoverImage: Hashable, Sendable {
    /// The kinds of image a cover may be.
    public enum Kind: String, Hashable, Sendable {
        case jpeg, png, gif, svg
    }

    public var bytes: [UInt8]
    public var kind: Kind

    /// Recognises the image; nil for bytes that are none of the kinds.
    public init?(bytes: [UInt8]) {
        guard let kind = Self.sniff(bytes) else { return nil }
        self.bytes = bytes
        self.kind = kind
    }

    /// The MIME type of ``kind``.
    public var mediaType: String {
        switch kind {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .svg: "image/svg+xml"
        }
    }

    /// The file extension for ``kind``.
    public var fileExtension: String { kind == .jpeg ? "jpg" : kind.rawValue }

    /// The cover as a Vorbis `METADATA_BLOCK_PICTURE` value: a FLAC picture
    /// block (type 3, front cover) in base64, as opusenc and players use it.
    /// Width, height and depth are 0 ("unknown"), which players accept.
    var vorbisPictureComment: String {
        var block: [UInt8] = []
        func append(_ value: UInt32) { block += withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        append(3)
        append(UInt32(mediaType.utf8.count))
        block += Array(mediaType.utf8)
        append(0)  // no description
        for _ in 0..<4 { append(0) }  // width, height, depth, colours
        append(UInt32(bytes.count))
        block += bytes
        return Data(block).base64EncodedString()
    }

    private static func sniff(_ bytes: [UInt8]) -> Kind? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: Array("GIF8".utf8)) { return .gif }
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        if head.contains("<svg") { return .svg }
        return nil
    }
}
