import BookFiles
import Rendering
import BookModel
import Segmentation
import Importers
import Narrator

/// `narrate info`: what a book holds and how long it takes to hear; with
/// `--chapters`, each page's title and listening time.
struct InfoCommand: Command {
    static let name = "info"
    static let abstract = "Show a book's metadata, size and estimated listening time (--chapters: per chapter)."
    static let operandsUsage = "INPUT"
    static let options: [OptionSpec] = [
        OptionSpec("chapters", help: "Also list the chapters: page number (for speak --pages and read's g #N), title, listening time."),
    ] + BookInput.options
    static let discussion = """
        The listening time is estimated from espeak-ng's measured speaking rate for
        each utterance's language, its rate and its delays, at speak's --rate 1.
        """

    var input: BookInput
    var listsChapters: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = try BookInput(path: try BookInput.singleOperand(arguments), arguments, requiresText: false)
        listsChapters = arguments.flag("chapters")
    }

    func run(_ context: CommandContext) throws {
        let book = try input.load(context)
        let stats = BookStatistics(book)
        let meta = book.metadata
        var rows: [(String, String)] = [
            ("Title", meta.title ?? "(none)"),
            ("Authors", meta.authors.isEmpty ? "(unknown)" : meta.authors.joined(separator: "; ")),
            ("Language", meta.language ?? "(unknown)"),
        ]
        if let format = Self.format(of: input) { rows.append(("Format", format)) }
        if let identifier = meta.identifier { rows.append(("Identifier", identifier)) }
        rows += [
            ("Pages", String(stats.pages)),
            ("Utterances", String(stats.utterances)),
            ("Sentences", String(SentenceSplitter().sentenceCount(in: book))),
            ("Words", String(stats.words)),
            ("Characters", String(stats.characters)),
            ("Listening time", Self.duration(ListeningTime.seconds(of: book, exactPauses: input.pausesAreExact)) + " at normal rate"),
        ]
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        var text = rows.map { ($0.0 + ":").padding(toLength: width, withPad: " ", startingAt: 0) + $0.1 }
            .joined(separator: "\n") + "\n"
        if listsChapters { text += "\nChapters:\n" + Self.chapterTable(book, exactPauses: input.pausesAreExact) }
        context.print(text)
    }

    /// The format the book was read as (`EPUB`, `FB2`, `DOCX`, `plain
    /// text`…), recognised again from the file (standard input: from the
    /// bytes the import read).
    static func format(of input: BookInput) -> String? {
        if input.path == "-" {
            guard let bytes = try? InputFile.read("-") else { return nil }
            return (try? BookImporter.recognise(MemoryByteSource(bytes), fileName: nil, options: input.importOptions))?.rawValue
        }
        if InputFile.isDirectory(input.path) { return BookImporter.recogniseFolder(input.path)?.rawValue }
        guard let source = try? FileByteSource(path: input.path) else { return nil }
        return (try? BookImporter.recognise(source, fileName: input.path, options: input.importOptions))?.rawValue
    }

    /// One line per page: its number, title (or first words) and time.
    static func chapterTable(_ book: Book, exactPauses: Bool = false) -> String {
        let numberWidth = String(book.pages.count).count
        let lines = book.pages.enumerated().map { index, page in
            let number = String(index + 1)
            let time = duration(ListeningTime.seconds(
                of: page, bookLanguage: book.metadata.language, exactPauses: exactPauses))
            return String(repeating: " ", count: 2 + numberWidth - number.count) + number + "  "
                + time.padding(toLength: 13, withPad: " ", startingAt: 0) + label(page)
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    /// The page's title, else its first words, on one line.
    static func label(_ page: Page) -> String {
        let text = page.title ?? page.utterances.map(\.text).joined()
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let line = words.prefix(12).joined(separator: " ")
        let cut = line.count > 60 ? String(line.prefix(59)) + "…" : line
        return page.title == nil ? "(\(cut))" : cut
    }

    /// `2 h 05 min`, `4 min 10 s`, `12 s`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total >= 3600 { return "\(total / 3600) h \(String(format: "%02d", total / 60 % 60)) min" }
        if total >= 60 { return "\(total / 60) min \(total % 60) s" }
        return "\(total) s"
    }
}

import Foundation
