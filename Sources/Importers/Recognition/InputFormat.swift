/// The kinds of input narrate can import, recognised by their content.
public enum InputFormat: String, Sendable, CaseIterable {
    case xmlPropertyList = "XML plist"
    case binaryPropertyList = "binary plist"
    case jsonPropertyList = "JSON plist"
    case epub = "EPUB"
    case plainText = "plain text"

    /// Recognises a format from the first bytes of the input, using the file
    /// name's extension only to break ties (a zip that is not an EPUB is still
    /// treated as one, so its error names what is missing).
    public static func sniff<Bytes: Collection>(_ bytes: Bytes, fileName: String? = nil) -> InputFormat
    where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(512))
        if head.starts(with: Array("bplist0".utf8)) { return .binaryPropertyList }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return .epub
        }
        let text = String(decoding: skippingBOM(head), as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<!DOCTYPE plist") || trimmed.hasPrefix("<plist") {
            if text.contains("<plist") || text.contains("PropertyList") { return .xmlPropertyList }
        }
        // Prose does not open with a brace; the JSON form always does.
        if trimmed.hasPrefix("{") { return .jsonPropertyList }
        if let fileName, fileName.lowercased().hasSuffix(".epub") { return .epub }
        return .plainText
    }

    private static func skippingBOM(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    }
}
