import Audiobooks
import BookModel
import Exporters
import Foundation

/// The pictures a book's pages name (``Page/backgroundImage``): read from
/// the book itself (an EPUB's archive) or, for a plist's file names, from
/// the book's folder. Used wherever a page's picture is written out.
public struct PagePictures {
    let stream: any PageStream
    /// The book's path as the user gave it; `-` for standard input.
    let bookPath: String

    public init(stream: any PageStream, bookPath: String) {
        self.stream = stream
        self.bookPath = bookPath
    }

    /// The picture `name`; nil when it is missing, larger than
    /// ``pictureLimit`` or not a JPEG, PNG, GIF or SVG image.
    public func picture(named name: String) -> CoverImage? {
        guard let bytes = (try? stream.resource(at: name)) ?? besideBook(name) else { return nil }
        return CoverImage(bytes: bytes)
    }

    /// The file `name` next to the book; nil when absent, larger than
    /// ``pictureLimit``, or when the name would leave the book's folder.
    private func besideBook(_ name: String) -> [UInt8]? {
        guard bookPath != "-", !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return nil }
        let path = URL(fileURLWithPath: bookPath).deletingLastPathComponent().appendingPathComponent(name).path
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
            size <= Self.pictureLimit
        else { return nil }
        return FileManager.default.contents(atPath: path).map(Array.init)
    }

    /// A page picture larger than this is left out (as a missing one is),
    /// so a plist naming a huge file cannot fill memory.
    public static let pictureLimit = 64 << 20
}

extension EPUBImage {
    /// A picture read with ``PagePictures`` (or a cover), as an EPUB file.
    public init(_ picture: CoverImage) {
        self.init(bytes: picture.bytes, fileExtension: picture.fileExtension, mediaType: picture.mediaType)
    }
}
