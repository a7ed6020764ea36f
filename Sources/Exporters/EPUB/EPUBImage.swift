/// A picture carried into an EPUB (the cover, a page's image): its bytes
/// and what kind of image they hold. The caller tells the kind (from the
/// bytes, not a file name); the writer does not look inside.
public struct EPUBImage: Hashable, Sendable {
    /// The image file's bytes.
    public var bytes: [UInt8]
    /// The extension its file gets in the book, without a dot (`jpg`).
    public var fileExtension: String
    /// A core media type of EPUB 3: `image/jpeg`, `image/png`, `image/gif`
    /// or `image/svg+xml`.
    public var mediaType: String

    public init(bytes: [UInt8], fileExtension: String, mediaType: String) {
        self.bytes = bytes
        self.fileExtension = fileExtension
        self.mediaType = mediaType
    }
}
