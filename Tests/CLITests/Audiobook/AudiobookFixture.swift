import Foundation
import TestSupport

/// A small EPUB 3 for the audiobook tests: three chapters titled in French,
/// Arabic (right to left) and Chinese, full metadata, and a PNG cover made
/// by ffmpeg; or a long plain-text book for tests that stop a render midway.
enum AudiobookFixture {
    /// The chapter titles, as the nav document gives them.
    static let titles = ["Première partie — Été", "الفصل الثاني", "第三章"]

    /// Whether ffmpeg and ffprobe are on the PATH (scripts/setup installs them).
    static let toolsAvailable = ["ffmpeg", "ffprobe"].allSatisfy { tool in
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// Writes the EPUB into `directory` and returns its path; `metadata` is
    /// added to the package's `<metadata>` as written.
    static func epub(in directory: URL, metadata: String = "") throws -> String {
        let cover = directory.appendingPathComponent("cover.png").path
        let made = try ChildProcess.run(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "color=c=navy:s=64x64", "-frames:v", "1", "-y", cover])
        guard made.status == 0 else { throw ChildProcessError("ffmpeg could not make the cover") }
        let chapters = [
            "Whirly, twirly, the squirrel ran up the tall tree. Then he hid his acorn.",
            "Capt. Ahab met Prof. Moriarty. Where is it, asked the squirrel.",
            "The end came quickly; everyone went home.",
        ]
        var entries: [(name: String, bytes: [UInt8])] = [
            ("mimetype", Array("application/epub+zip".utf8)),
            ("META-INF/container.xml", Array(container.utf8)),
            ("OEBPS/content.opf", Array(package(metadata: metadata).utf8)),
            ("OEBPS/nav.xhtml", Array(navigation.utf8)),
            ("OEBPS/cover.png", try [UInt8](Data(contentsOf: URL(fileURLWithPath: cover)))),
        ]
        for (index, text) in chapters.enumerated() {
            let body = "<h1>\(titles[index])</h1><p>\(text)</p>"
            entries.append(("OEBPS/c\(index + 1).xhtml", Array(xhtml(body).utf8)))
        }
        let path = directory.appendingPathComponent("book.epub").path
        try Data(TestZip.make(entries)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A plain-text book of `chapters` chapters of a few sentences each
    /// (about 25 s of speech a chapter).
    static func longText(in directory: URL, chapters: Int) throws -> String {
        let paragraph = "The squirrel ran up the tall tree and hid his acorn under a leaf. "
            + "Then he looked left and right, and he was glad that nobody had seen him. "
            + "Winter would come soon, and the acorn would be there when he needed it."
        let text = "Long Book\n\n" + (1...chapters).map { "CHAPTER \($0).\n\n\(paragraph) \(paragraph)\n\n" }.joined()
        let path = directory.appendingPathComponent("long.txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private static let container = """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """

    private static func package(metadata extra: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
        <dc:identifier id="id">urn:uuid:5b9c1d9e-0000-4000-8000-000000000011</dc:identifier>
        <dc:title>Les Écureuils</dc:title><dc:creator>Ann Author</dc:creator><dc:language>en</dc:language>
        <dc:publisher>Acorn Press</dc:publisher><dc:date>2026-12-01</dc:date>
        <dc:description>A squirrel hides an acorn.</dc:description>
        \(extra)
        </metadata>
        <manifest>
        <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
        <item id="cover" href="cover.png" media-type="image/png" properties="cover-image"/>
        <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>
        <item id="c2" href="c2.xhtml" media-type="application/xhtml+xml"/>
        <item id="c3" href="c3.xhtml" media-type="application/xhtml+xml"/>
        </manifest>
        <spine><itemref idref="c1"/><itemref idref="c2"/><itemref idref="c3"/></spine>
        </package>
        """
    }

    private static var navigation: String {
        let items = titles.enumerated().map { "<li><a href=\"c\($0.offset + 1).xhtml\">\($0.element)</a></li>" }
        return xhtml("<nav epub:type=\"toc\"><ol>\(items.joined())</ol></nav>")
    }

    private static func xhtml(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title></head>
        <body>\(body)</body></html>
        """
    }
}

/// What ffprobe says of an audio file.
struct ProbedAudio {
    /// Chapter titles and start times in seconds.
    var chapters: [(title: String, start: Double)]
    /// Duration in seconds.
    var duration: Double
    /// Tags of the file and of its audio stream (Ogg keeps them there), keys
    /// lowercased; not those of the cover's picture stream.
    var tags: [String: String]
    /// Whether a stream is an attached picture (cover art).
    var hasCover: Bool

    init(_ path: String) throws {
        let result = try ChildProcess.run(
            "/usr/bin/env", ["ffprobe", "-v", "error", "-show_chapters", "-show_format", "-show_streams", "-of", "json", path])
        guard result.status == 0, let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        else { throw ChildProcessError("ffprobe cannot read \(path)") }
        let chapterList = json["chapters"] as? [[String: Any]] ?? []
        chapters = chapterList.map { chapter in
            (((chapter["tags"] as? [String: Any])?["title"] as? String) ?? "", Double(chapter["start_time"] as? String ?? "") ?? -1)
        }
        let format = json["format"] as? [String: Any] ?? [:]
        duration = Double(format["duration"] as? String ?? "") ?? 0
        let streams = json["streams"] as? [[String: Any]] ?? []
        var tags: [String: String] = [:]
        for source in [format] + streams.filter({ $0["codec_type"] as? String == "audio" }) {
            for (key, value) in source["tags"] as? [String: Any] ?? [:] { tags[key.lowercased()] = value as? String }
        }
        self.tags = tags
        hasCover = streams.contains { (($0["disposition"] as? [String: Any])?["attached_pic"] as? Int) == 1 }
    }
}
