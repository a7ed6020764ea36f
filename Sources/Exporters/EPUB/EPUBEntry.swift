/// One file of an EPUB: its path inside the zip and its bytes.
public struct EPUBEntry: Hashable, Sendable {
    /// The archive path, such as `OEBPS/package.opf`.
    public var path: String
    /// The file's bytes.
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The bytes read as UTF-8 (for the text files the writer makes).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
