import BookModel
import Foundation
import Importers

/// The user's lexicons for a book: each `--lexicon FILE` in the order given,
/// then the lexicon beside the book (`BOOK.lexicon` or `BOOK.pls`), which is
/// used without being asked for (narrate says so).
enum UserLexicons {
    /// The option every command that reads a book takes.
    static let option = OptionSpec(
        "lexicon", value: "FILE", values: .files(extensions: ["pls", "lexicon", "txt"]),
        help: "Say words as this lexicon says: PLS, or lines of WORD<TAB>text, /IPA/ or [[espeak]]; repeatable.")

    /// Reads the lexicons for the book at `bookPath`.
    /// - Throws: ``Failure`` naming the first lexicon that cannot be read.
    static func load(_ paths: [String], bookPath: String, context: CommandContext, quiet: Bool) throws -> LexiconSet {
        var lexicons: [Lexicon] = []
        for path in paths { lexicons.append(try read(path, context: context)) }
        for path in besideBook(bookPath) where !paths.contains(path) {
            if !quiet { context.printError("narrate: using the lexicon \(path), found beside \(bookPath)") }
            lexicons.append(try read(path, context: context))
        }
        return LexiconSet(lexicons)
    }

    /// `story.lexicon` and `story.pls` beside `story.epub`, those that exist.
    static func besideBook(_ bookPath: String) -> [String] {
        guard bookPath != "-" else { return [] }
        let base = URL(fileURLWithPath: bookPath).deletingPathExtension().path
        let prefix = bookPath.hasPrefix("/") ? base : relative(base)
        return ["lexicon", "pls"].map { "\(prefix).\($0)" }.filter { candidate in
            candidate != bookPath && FileManager.default.isReadableFile(atPath: candidate)
        }
    }

    private static func relative(_ absolute: String) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return absolute.hasPrefix(current) ? String(absolute.dropFirst(current.count)) : absolute
    }

    /// One lexicon: PLS when it looks like XML (or is named `.pls`), else the text format.
    static func read(_ path: String, context: CommandContext) throws -> Lexicon {
        let bytes = try InputFile.read(path)
        let name = URL(fileURLWithPath: path).lastPathComponent
        let warnings = context.warnings(about: path)
        do {
            guard isPLS(bytes, path: path) else { return try Lexicon(text: bytes, name: name, origin: .userLexicon(name)) }
            var skipped: [LexiconError] = []
            let lexicon = try Lexicon(pls: bytes, name: name, origin: .userLexicon(name)) { skipped.append($0) }
            if let first = skipped.first {
                warnings.warn(skipped.count == 1 ? "lexeme skipped: \(first)" : "\(skipped.count) lexemes skipped, the first: \(first)")
            }
            return lexicon
        } catch {
            throw Failure(path, error.description)
        }
    }

    private static func isPLS(_ bytes: [UInt8], path: String) -> Bool {
        if path.lowercased().hasSuffix(".pls") { return true }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes[start...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }
}
