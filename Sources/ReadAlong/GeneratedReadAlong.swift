import BookFiles

import BookModel
import Exporters
import Foundation

/// A new EPUB 3 read-along book made from a book model (plain text, a
/// narrated-book plist): metadata, a title page, one XHTML document per
/// page with its title as heading and its picture, a navigation document,
/// the book's cover (on the title page), and the same media overlays as
/// ``EPUBReadAlong`` writes.
public struct GeneratedReadAlong {
    /// A page of the book and its narration.
    public struct Page: Sendable {
        /// The page's title (its heading and its entry in the contents).
        public var title: String
        /// The page's picture (a plist's `backgroundImage`), if any.
        public var image: Image?
        /// What was said on the page, in order, timed in `audioFile`.
        public var utterances: [TimedUtterance]
        /// The encoded audio of the page.
        public var audioFile: String

        public init(title: String, image: Image?, utterances: [TimedUtterance], audioFile: String) {
            self.title = title
            self.image = image
            self.utterances = utterances
            self.audioFile = audioFile
        }
    }

    /// A picture: its bytes, file extension and media type (`png`, `image/png`).
    public typealias Image = EPUBImage

    public let metadata: BookMetadata
    public let sync: SyncLevel
    /// The audio files' extension and media type (`mp3`, `audio/mpeg`).
    public let audioExtension: String
    public let audioType: String
    /// The book's cover picture, if it has one.
    public let cover: Image?

    public init(metadata: BookMetadata, sync: SyncLevel, audioExtension: String, audioType: String, cover: Image? = nil) {
        self.metadata = metadata
        self.sync = sync
        self.audioExtension = audioExtension
        self.audioType = audioType
        self.cover = cover
    }

    private var coverPath: String? { cover.map { "OEBPS/images/cover.\($0.fileExtension)" } }

    private var language: String { metadata.language ?? "en" }
    private var title: String { metadata.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Untitled" }

    /// Writes the book to `output` (a path replaced when the archive is closed).
    public func write(_ pages: [Page], to output: String) throws(ReadAlongError) -> EPUBReadAlong.Report {
        var report = EPUBReadAlong.Report()
        var files: [(path: String, bytes: [UInt8])] = []
        var manifest: [String] = []
        var spine: [String] = ["title"]
        var durations: [String] = []
        var audio: [(path: String, file: String)] = []
        /// The entry each audio file went in: pages narrated by one file share it.
        var audioEntries: [String: String] = [:]
        var navigation: [NavigationDocument.Entry] = []
        if let cover, let coverPath {
            files.append((coverPath, cover.bytes))
            manifest.append(item("cover-image", coverPath, cover.mediaType, properties: "cover-image"))
        }
        for (index, page) in pages.enumerated() {
            let name = "page-" + String(repeating: "0", count: max(0, 4 - String(index + 1).count)) + String(index + 1)
            let contentPath = "OEBPS/pages/\(name).xhtml"
            var imageHref: String?
            if let image = page.image {
                let imagePath = "OEBPS/images/\(name).\(image.fileExtension)"
                files.append((imagePath, image.bytes))
                manifest.append(item("image-\(name)", imagePath, image.mediaType))
                imageHref = RelativePath.href(to: imagePath, from: contentPath)
            }
            let document = GeneratedPageDocument(
                page: page, image: imageHref, styleSheet: RelativePath.href(to: Self.cssPath, from: contentPath),
                language: language, sync: sync)
            files.append((contentPath, document.bytes))
            report.fragments += sync == .word ? page.utterances.reduce(0) { $0 + $1.words.count } : page.utterances.count
            navigation.append(.init(title: page.title, href: RelativePath.href(to: contentPath, from: "OEBPS/nav.xhtml"), children: []))
            spine.append(name)
            guard !document.clips.isEmpty else {
                manifest.append(item(name, contentPath, "application/xhtml+xml"))
                continue
            }
            let shared = audioEntries[page.audioFile]
            let overlay = MediaOverlay(
                contentPath: contentPath, audioPath: shared ?? "OEBPS/narrate/\(name).\(audioExtension)",
                smilPath: "OEBPS/narrate/\(name).smil", clips: MediaOverlay.joined(document.clips),
                duration: document.clips.last?.end ?? 0)
            report.overlays.append(overlay)
            files.append((overlay.smilPath, SMILDocument.bytes(of: overlay)))
            manifest.append(item(name, contentPath, "application/xhtml+xml", overlay: "smil-\(name)"))
            manifest.append(item("smil-\(name)", overlay.smilPath, "application/smil+xml"))
            if shared == nil {
                audioEntries[page.audioFile] = overlay.audioPath
                audio.append((overlay.audioPath, page.audioFile))
                manifest.append(item("audio-\(name)", overlay.audioPath, audioType))
            }
            durations.append(meta("media:duration", XMLText.clock(overlay.clipDuration), refines: "smil-\(name)"))
        }
        let total = report.overlays.reduce(0) { $0 + $1.clipDuration }
        if !report.overlays.isEmpty {
            durations.append(meta("media:duration", XMLText.clock(total)))
            durations.append(meta("media:active-class", EPUBReadAlong.activeClass))
        }
        let head: [(path: String, bytes: [UInt8])] = [
            ("META-INF/container.xml", Array(EPUBPublication.container.utf8)),
            ("OEBPS/package.opf", package(manifest: manifest, spine: spine, metadata: durations)),
            ("OEBPS/nav.xhtml", NavigationDocument.bytes(entries: navigation, title: "Contents", language: language)),
            ("OEBPS/title.xhtml", titlePage()),
            (Self.cssPath, Array(EPUBReadAlong.styleSheet.utf8)),
        ]
        try PackageZip.write(to: output, files: (head + files).map { file in (file.path, { file.bytes }) }, audio: audio)
        return report
    }

    static let cssPath = "OEBPS/narrate/read-along.css"

    private func item(_ id: String, _ path: String, _ type: String, overlay: String? = nil, properties: String? = nil) -> String {
        var text = "    <item id=\"\(id)\" href=\"\(XMLText.escaped(RelativePath.href(to: path, from: "OEBPS/package.opf")))\" media-type=\"\(type)\""
        if let overlay { text += " media-overlay=\"\(overlay)\"" }
        if let properties { text += " properties=\"\(properties)\"" }
        return text + "/>"
    }

    private func meta(_ property: String, _ value: String, refines: String? = nil) -> String {
        "    <meta property=\"\(property)\"" + (refines.map { " refines=\"#\($0)\"" } ?? "") + ">\(XMLText.escaped(value))</meta>"
    }

    private func package(manifest: [String], spine: [String], metadata extra: [String]) -> [UInt8] {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"bookid\" xml:lang=\"\(XMLText.escaped(language))\">",
            "  <metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">",
            "    <dc:identifier id=\"bookid\">\(XMLText.escaped(metadata.identifier ?? "urn:uuid:" + UUID().uuidString.lowercased()))</dc:identifier>",
            "    <dc:title>\(XMLText.escaped(title))</dc:title>",
            "    <dc:language>\(XMLText.escaped(language))</dc:language>",
        ]
        lines += metadata.authors.map { "    <dc:creator>\(XMLText.escaped($0))</dc:creator>" }
        if let publisher = metadata.publisher { lines.append("    <dc:publisher>\(XMLText.escaped(publisher))</dc:publisher>") }
        if let date = metadata.date, W3CDate.isValid(date) { lines.append("    <dc:date>\(date)</dc:date>") }
        if let summary = metadata.summary { lines.append("    <dc:description>\(XMLText.escaped(summary))</dc:description>") }
        lines.append(meta("dcterms:modified", PackageEditor.now()))
        lines += extra
        lines += ["  </metadata>", "  <manifest>"]
        lines.append(item("nav", "OEBPS/nav.xhtml", "application/xhtml+xml", properties: "nav"))
        lines.append(item("title", "OEBPS/title.xhtml", "application/xhtml+xml"))
        lines.append(item("narrate-css", Self.cssPath, "text/css"))
        lines += manifest
        lines += ["  </manifest>", "  <spine>"] + spine.map { "    <itemref idref=\"\($0)\"/>" } + ["  </spine>", "</package>", ""]
        return Array(lines.joined(separator: "\n").utf8)
    }

    private func titlePage() -> [UInt8] {
        let lang = XMLText.escaped(language)
        let authors = metadata.authors.map { "<p class=\"author\">\(XMLText.escaped($0))</p>\n" }.joined()
        let picture = coverPath.map {
            "<p class=\"cover\"><img src=\"\(XMLText.escaped(RelativePath.href(to: $0, from: "OEBPS/title.xhtml")))\" alt=\"\(XMLText.escaped(title))\"/></p>\n"
        } ?? ""
        return Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(lang)" lang="\(lang)">
            <head><meta charset="utf-8"/><title>\(XMLText.escaped(title))</title></head>
            <body>
            <section epub:type="titlepage">
            \(picture)<h1>\(XMLText.escaped(title))</h1>
            \(authors)</section>
            </body>
            </html>

            """.utf8)
    }
}
