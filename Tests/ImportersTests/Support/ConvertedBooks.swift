import Foundation
import TestSupport

/// Corpus books converted by real tools (pandoc, calibre's ebook-convert)
/// into the formats narrate reads besides EPUB, made at test time in a
/// temporary folder and kept there for the rest of the run. Tests that use
/// them skip when the corpus or the tool is absent.
enum ConvertedBooks {
    static let pandoc = "/usr/bin/pandoc"
    static let ebookConvert = "/usr/bin/ebook-convert"

    static var hasPandoc: Bool { FileManager.default.isExecutableFile(atPath: pandoc) }
    static var hasCalibre: Bool { FileManager.default.isExecutableFile(atPath: ebookConvert) }
    static var hasCorpus: Bool { !Corpus.books.isEmpty }

    /// The folder conversions are written to, one per test process.
    private static let folder: String = {
        let path = NSTemporaryDirectory() + "narrate-converted-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A converter of corpus books.
    enum Tool: String, Sendable {
        case pandoc, calibre
    }

    /// The corpus EPUB `book` as `tool` writes it with `fileExtension`
    /// (`fb2`, `docx`, `odt`, `html`, `htmlz`, `md`), and its file name.
    static func converted(_ book: String, by tool: Tool, to fileExtension: String) throws -> (name: String, bytes: [UInt8]) {
        let name = tool.rawValue + "-" + book.replacingOccurrences(of: ".epub", with: ".\(fileExtension)")
        let output = folder + "/" + name
        if !FileManager.default.fileExists(atPath: output) {
            let input = Corpus.folder + "/" + book
            let result = switch tool {
            case .pandoc: try ChildProcess.run(pandoc, [input, "-o", output] + pandocOptions(fileExtension))
            case .calibre: try ChildProcess.run(ebookConvert, [input, output], environment: calibreEnvironment)
            }
            guard result.status == 0 else { throw ConversionError("\(tool) exited with \(result.status) for \(name)") }
        }
        return (name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: output))))
    }

    /// HTML and Markdown whole (a head, a YAML front matter); Markdown as
    /// GitHub's (footnotes, pipe tables), which cmark-gfm reads.
    private static func pandocOptions(_ fileExtension: String) -> [String] {
        switch fileExtension {
        case "html": ["--standalone"]
        case "md": ["--standalone", "--to", "gfm"]
        default: []
        }
    }

    /// calibre's Qt needs no display for these outputs; as root its web engine needs no sandbox.
    private static var calibreEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.merging([
            "QT_QPA_PLATFORM": "offscreen", "QTWEBENGINE_DISABLE_SANDBOX": "1", "QTWEBENGINE_CHROMIUM_FLAGS": "--no-sandbox",
        ]) { $1 }
    }

    struct ConversionError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
