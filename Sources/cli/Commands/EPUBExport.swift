import Audiobooks
import BookModel
import Exporters
import Foundation
import Rendering

/// `narrate import BOOK -o BOOK.epub`: the imported book written as an
/// EPUB 3 with no audio, its cover and page pictures taken from the book
/// (or, for a plist, the files beside it). Written to a temporary file and
/// moved into place by the caller's ``OutputFile``; standard output gets
/// a copy of a temporary file.
struct EPUBExport {
    let book: Book
    let stream: any PageStream
    let input: String
    let context: CommandContext

    func write(to destination: OutputFile) throws {
        let publication = EPUBPublication(book: book, cover: cover(), pageImages: pageImages(), modified: Self.now())
        guard let path = destination.pathToWrite else { return try copy(publication, to: destination) }
        do { try EPUBWriter.write(publication, to: path) } catch { throw Failure(destination.path, "\(error)") }
        chmod(path, 0o644)
    }

    /// Writes the book to a temporary file, then its bytes to `destination`.
    private func copy(_ publication: EPUBPublication, to destination: OutputFile) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-epub-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw Failure(destination.path, "cannot make a temporary folder: \(error.localizedDescription)")
        }
        TemporaryFiles.shared.registerFolder(folder.path)
        defer {
            try? FileManager.default.removeItem(at: folder)
            TemporaryFiles.shared.unregisterFolder(folder.path)
        }
        let path = folder.appendingPathComponent("book.epub").path
        do { try EPUBWriter.write(publication, to: path) } catch { throw Failure(destination.path, "\(error)") }
        try destination.write(try InputFile.read(path))
    }

    /// The book's cover picture; a named cover that cannot be read or is
    /// not a picture is a warning.
    private func cover() -> EPUBImage? {
        guard let path = book.metadata.coverImage else { return nil }
        guard let picture = PagePictures(stream: stream, bookPath: input).picture(named: path) else {
            context.warnings(about: input).warn("the cover \(path) is missing, over 64 MB or not a JPEG, PNG, GIF or SVG image; no cover written")
            return nil
        }
        return EPUBImage(picture)
    }

    /// Every picture the pages name, by name; one that cannot be read is
    /// left out with a warning.
    private func pageImages() -> [String: EPUBImage] {
        let pictures = PagePictures(stream: stream, bookPath: input)
        var images: [String: EPUBImage] = [:]
        var missing: [String] = []
        for name in book.pages.compactMap(\.backgroundImage) where images[name] == nil && !missing.contains(name) {
            if let picture = pictures.picture(named: name) { images[name] = EPUBImage(picture) } else { missing.append(name) }
        }
        if let first = missing.first {
            let more = missing.count > 1 ? " (and \(missing.count - 1) more)" : ""
            context.warnings(about: input).warn("the page picture \(first)\(more) is missing, over 64 MB or not a JPEG, PNG, GIF or SVG image; left out")
        }
        return images
    }

    /// The time now in UTC, as `dcterms:modified` takes it: `2026-12-03T08:00:00Z`.
    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }
}
