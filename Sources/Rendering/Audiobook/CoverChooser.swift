import Audiobooks
import BookModel
import Foundation

/// Finds the cover to embed: `--cover FILE`, else the image the EPUB names
/// as its cover, else the first image of its pages; none for text and plists.
struct CoverChooser {
    /// `--cover FILE`; nil to take the book's own.
    let cover: String?
    let stream: any PageStream
    let outline: BookOutline
    let context: CommandContext
    let input: String

    /// - Throws: ``Failure`` when `--cover` is not a picture narrate knows.
    func choose() throws -> CoverImage? {
        if let path = cover {
            let bytes = try InputFile.read(path)
            guard let image = CoverImage(bytes: bytes) else {
                throw Failure(path, "not a JPEG, PNG, GIF or SVG image; cannot use it as the cover")
            }
            return image
        }
        for path in [outline.metadata.coverImage, outline.firstImage].compactMap({ $0 }) {
            guard let bytes = try? stream.resource(at: path) else { continue }
            if let image = CoverImage(bytes: bytes) { return image }
            context.warnings(about: input).warn("the cover \(path) is not a JPEG, PNG, GIF or SVG image; no cover written")
            return nil
        }
        return nil
    }
}
