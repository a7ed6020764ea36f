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
    static var hasCorpus: Bool { !Corpus.books.isEmpty }

    /// The folder conversions are written to, one per test process.
    private static let folder: String = {
        let path = NSTemporaryDirectory() + "narrate-converted-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The corpus EPUB `book` as pandoc writes it with `fileExtension`
    /// (`fb2`, `docx`, `odt`, `html`), and its file name.
    static func byPandoc(_ book: String, to fileExtension: String) throws -> (name: String, bytes: [UInt8]) {
        let name = book.replacingOccurrences(of: ".epub", with: ".\(fileExtension)")
        let output = folder + "/" + name
        if !FileManager.default.fileExists(atPath: output) {
            var arguments = [Corpus.folder + "/" + book, "-o", output]
            if fileExtension == "html" { arguments.append("--standalone") }
            let result = try ChildProcess.run(pandoc, arguments)
            guard result.status == 0 else { throw ConversionError("pandoc exited with \(result.status) for \(name)") }
        }
        return (name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: output))))
    }

    struct ConversionError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
