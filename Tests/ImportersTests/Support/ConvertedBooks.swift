import BookModel
import Foundation
import TestSupport

@testable import Importers

/// Corpus books converted by real tools (pandoc, calibre's ebook-convert)
/// into the formats narrate reads besides EPUB, made at test time in a
/// temporary folder and kept there for the rest of the run. Tests that use
/// them skip when the corpus or the tool is absent.
enum ConvertedBooks {
    static let pandoc = "/usr/bin/pandoc"
    static let ebookConvert = "/usr/bin/ebook-convert"
    static let libreOffice = "/usr/bin/soffice"

    static var hasPandoc: Bool { FileManager.default.isExecutableFile(atPath: pandoc) }
    static var hasCalibre: Bool { FileManager.default.isExecutableFile(atPath: ebookConvert) }
    static var hasLibreOffice: Bool { FileManager.default.isExecutableFile(atPath: libreOffice) }
    static var hasCorpus: Bool { !Corpus.books.isEmpty }

    /// The folder conversions are written to, one per test process.
    private static let folder: String = {
        let path = NSTemporaryDirectory() + "narrate-converted-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A converter of corpus books; LibreOffice converts pandoc's ODT.
    enum Tool: String, Sendable {
        case pandoc, calibre, libreOffice
    }

    /// The corpus EPUB `book` as `tool` writes it with `fileExtension`
    /// (`fb2`, `docx`, `odt`, `html`, `htmlz`, `md`, `pdf`), and its file name;
    /// `options` go to the tool, `variant` names that conversion apart.
    static func converted(_ book: String, by tool: Tool, to fileExtension: String, options: [String] = [],
                          variant: String = "") throws -> (name: String, bytes: [UInt8]) {
        let name = tool.rawValue + variant + "-" + book.replacingOccurrences(of: ".epub", with: ".\(fileExtension)")
        let output = folder + "/" + name
        if !FileManager.default.fileExists(atPath: output) {
            let input = Corpus.folder + "/" + book
            let result = switch tool {
            case .pandoc: try ChildProcess.run(pandoc, [input, "-o", output] + pandocOptions(fileExtension))
            case .calibre: try ChildProcess.run(ebookConvert, [input, output] + options, environment: calibreEnvironment)
            case .libreOffice: try convertedByLibreOffice(book, to: fileExtension, output: output)
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

    /// The corpus EPUB `book` and its conversion `name` (`bytes`), each
    /// imported whole, and how many of the EPUB's words the conversion has
    /// (printed with the page counts).
    static func compared(_ name: String, _ bytes: [UInt8], with book: String) throws
        -> (epub: Book, converted: Book, overlap: WordOverlap)
    {
        let epub = try Importing.epub(bytes: Corpus.bytes(book)).book
        let converted = try BookImporter.importBook(bytes: bytes, fileName: name).book
        let overlap = WordOverlap(reference: epub, candidate: converted)
        print("\(name): \(overlap); \(converted.pages.count) pages, the EPUB \(epub.pages.count)")
        return (epub, converted, overlap)
    }

    /// pandoc's ODT of `book` converted by LibreOffice (headless, with its
    /// own profile folder) and moved to `output`.
    private static func convertedByLibreOffice(_ book: String, to fileExtension: String, output: String) throws
        -> (output: String, status: Int32)
    {
        let odt = try converted(book, by: .pandoc, to: "odt").name
        let result = try ChildProcess.run(libreOffice, [
            "-env:UserInstallation=file://\(folder)/libreoffice-profile", "--headless", "--convert-to", fileExtension,
            "--outdir", folder + "/libreoffice", folder + "/" + odt,
        ])
        let written = folder + "/libreoffice/" + odt.replacingOccurrences(of: ".odt", with: ".\(fileExtension)")
        if result.status == 0 { try FileManager.default.moveItem(atPath: written, toPath: output) }
        return result
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
