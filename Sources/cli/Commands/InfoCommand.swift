import BookModel
import Segmentation
import Importers

/// `narrate info`: what a book holds and how long it takes to hear.
struct InfoCommand: BookCommand {
    static let name = "info"
    static let abstract = "Show a book's metadata, size and estimated listening time."

    var input: BookInput

    func run(_ context: CommandContext) throws {
        let book = try input.load(context)
        let stats = BookStatistics(book)
        let meta = book.metadata
        var rows: [(String, String)] = [
            ("Title", meta.title ?? "(none)"),
            ("Authors", meta.authors.isEmpty ? "(unknown)" : meta.authors.joined(separator: "; ")),
            ("Language", meta.language ?? "(unknown)"),
        ]
        if let identifier = meta.identifier { rows.append(("Identifier", identifier)) }
        rows += [
            ("Pages", String(stats.pages)),
            ("Utterances", String(stats.utterances)),
            ("Sentences", String(SentenceSplitter().sentenceCount(in: book))),
            ("Words", String(stats.words)),
            ("Characters", String(stats.characters)),
            ("Listening time", Self.duration(stats.estimatedListeningTime) + " at normal rate"),
        ]
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        context.print(rows.map { ($0.0 + ":").padding(toLength: width, withPad: " ", startingAt: 0) + $0.1 }
            .joined(separator: "\n") + "\n")
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
