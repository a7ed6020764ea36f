import Audiobooks
import BookModel
import Foundation

/// `-o DIR --library`: the folder Audiobookshelf expects for a book,
/// `DIR/Author/Series/Title/` (no Series level for a book in none), holding
/// the audio (`Title.m4b`, or the chapter files) and the cover as
/// `cover.jpg` (`.png`, `.gif` as the picture is; SVG rasterised to JPEG).
struct LibraryFolder {
    /// The book's folder.
    let path: String
    /// The audio file's name without extension: the title made safe.
    let fileTitle: String

    init(root: String, metadata: BookMetadata) {
        let title = metadata.title ?? metadata.sourceFile.flatMap(AudiobookTags.title(fileName:)) ?? "Untitled"
        let author = metadata.authors.isEmpty ? "Unknown Author" : metadata.authors.joined(separator: ", ")
        let levels = [author] + (metadata.series.map { [$0] } ?? []) + [title]
        var base = root
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        path = ([base] + levels.map(ChapterFolder.safeTitle)).joined(separator: "/")
        fileTitle = ChapterFolder.safeTitle(title)
    }

    /// Makes the folder and those above it.
    func create() throws(Failure) {
        try OutputFolder.create(path)
    }

    /// Where the single file goes.
    func audioPath(_ format: AudiobookFormat) -> String { "\(path)/\(fileTitle).\(format.rawValue)" }

    /// Writes the cover beside the audio (replacing an earlier one);
    /// nothing without a cover.
    func writeCover(_ cover: CoverImage?, ffmpeg: FFmpeg, workFolder: String) throws {
        guard let cover else { return }
        if cover.kind == .svg {
            let source = workFolder + "/library-cover.svg"
            try Data(cover.bytes).write(to: URL(fileURLWithPath: source))
            try ffmpeg.rasterise(source, to: workFolder + "/library-cover.jpg", log: workFolder + "/library-cover.log")
            try FileManager.default.removeItem(atPath: source)
            try move(workFolder + "/library-cover.jpg", to: path + "/cover.jpg")
            return
        }
        let staged = workFolder + "/library-cover." + cover.fileExtension
        try Data(cover.bytes).write(to: URL(fileURLWithPath: staged))
        try move(staged, to: path + "/cover." + cover.fileExtension)
    }

    private func move(_ from: String, to destination: String) throws(Failure) {
        guard rename(from, destination) == 0 else {
            throw Failure(destination, "cannot move the cover into place: \(String(cString: strerror(errno)))")
        }
    }
}
