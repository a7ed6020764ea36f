import BookModel
import Foundation
import Importers

/// The user's lexicons for a book: each `--lexicon FILE` in the order given,
/// then the lexicon beside the book (`BOOK.lexicon` or `BOOK.pls`), which is
/// used without being asked for (narrate says so).
public enum UserLexicons {
    /// The request with the lexicon beside its book added after the
    /// user's (`notice` is told which, once); later calls change nothing.
    public static func resolved(_ request: BookRequest, notice: (String) -> Void) -> BookRequest {
        guard request.looksBesideBook else { return request }
        var resolved = request
        resolved.looksBesideBook = false
        for path in besideBook(request.path) where !request.lexicons.contains(path) {
            if !request.quiet { notice("narrate: using the lexicon \(path), found beside \(request.path)") }
            resolved.lexicons.append(path)
        }
        return resolved
    }

    /// Reads `paths` on another thread, while the caller opens the book: a
    /// 10,000-entry lexicon takes about as long to read as a novel takes to open.
    static func startLoading(_ paths: [String]) -> Loading {
        Loading(paths)
    }

    /// Lexicons being read on a thread of their own.
    final class Loading: @unchecked Sendable {  // `outcome` is written before `done` is signalled, read after
        private var outcome: [Result<(Lexicon, warning: String?), Failure>] = []
        private let done = DispatchSemaphore(value: 0)
        private let paths: [String]

        init(_ paths: [String]) {
            self.paths = paths
            guard !paths.isEmpty else {
                done.signal()
                return
            }
            Thread.detachNewThread { [self] in
                outcome = paths.map { path in Result { () throws(Failure) in try UserLexicons.parse(path) } }
                done.signal()
            }
        }

        /// The lexicons, in order, once read; skipped lexemes are reported to `context`.
        /// - Throws: ``Failure`` for the first lexicon that cannot be read.
        func wait(_ context: CommandContext) throws -> LexiconSet {
            done.wait()
            var lexicons: [Lexicon] = []
            for (path, result) in zip(paths, outcome) {
                let (lexicon, warning) = try result.get()
                if let warning { context.warnings(about: path).warn(warning) }
                lexicons.append(lexicon)
            }
            return LexiconSet(lexicons)
        }
    }

    /// `story.lexicon` and `story.pls` beside `story.epub`, those that exist.
    public static func besideBook(_ bookPath: String) -> [String] {
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

    /// One lexicon: PLS when it looks like XML (or is named `.pls`), else
    /// the text format; and the warning for the lexemes a PLS file skips.
    public static func parse(_ path: String) throws(Failure) -> (Lexicon, warning: String?) {
        let bytes = try InputFile.read(path)
        let name = URL(fileURLWithPath: path).lastPathComponent
        do {
            guard isPLS(bytes, path: path) else { return (try Lexicon(text: bytes, name: name, origin: .userLexicon(name)), nil) }
            var skipped: [LexiconError] = []
            let lexicon = try Lexicon(pls: bytes, name: name, origin: .userLexicon(name)) { skipped.append($0) }
            guard let first = skipped.first else { return (lexicon, nil) }
            return (lexicon, skipped.count == 1 ? "lexeme skipped: \(first)" : "\(skipped.count) lexemes skipped, the first: \(first)")
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
