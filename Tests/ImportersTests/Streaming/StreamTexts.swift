@testable import BookFiles
@testable import Exporters
@testable import Importers
@testable import PropertyLists

/// Plain-text books generated for streaming tests: a Project Gutenberg
/// frame, a title block, chapters with titles, prose (hard-wrapped and not),
/// verse, lists, form feeds and CRLF line ends, in several encodings.
enum StreamTexts {
    enum Encoding: String, CaseIterable, Sendable {
        case utf8, utf8WithBOM, utf16LittleEndian, utf16BigEndianNoBOM, windows1252

        func bytes(_ text: String) -> [UInt8] {
            switch self {
            case .utf8: Array(text.utf8)
            case .utf8WithBOM: [0xEF, 0xBB, 0xBF] + Array(text.utf8)
            case .utf16LittleEndian: [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            case .utf16BigEndianNoBOM: text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            case .windows1252: text.unicodeScalars.map { $0.value < 0x100 ? UInt8($0.value) : 0x3F }
            }
        }
    }

    static func book(chapters: Int, seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var lines = [
            "The Project Gutenberg EBook of Streams, by Ann Author", "", "Title: Streams", "Author: Ann Author",
            "Language: English", "", "*** START OF THIS PROJECT GUTENBERG EBOOK STREAMS ***", "", "Streams", "",
            "by Ann Author", "",
        ]
        for chapter in 1...chapters {
            lines += ["CHAPTER \(roman(chapter)).", "", "The \(word(&random).capitalized) of \(word(&random))", ""]
            for _ in 0..<Int(random.next() % 12 + 3) { lines += paragraph(&random) + [""] }
        }
        lines += ["*** END OF THIS PROJECT GUTENBERG EBOOK STREAMS ***", "", "Licence text that is not read."]
        return lines.joined(separator: "\r\n")
    }

    private static func paragraph(_ random: inout SplitMix64) -> [String] {
        switch random.next() % 10 {
        case 0: return (0..<4).map { _ in "  \(word(&random)) \(word(&random)) \(word(&random))" }  // verse
        case 1: return ["- \(sentence(&random))", "- \(sentence(&random))", "\u{0C}"]  // a list, a page break
        case 2: return [(0..<12).map { _ in sentence(&random) }.joined(separator: " ")]  // one long line
        default:
            let words = (0..<Int(random.next() % 120 + 20)).map { _ in sentence(&random) }.joined(separator: " ")
            return wrapped(words)
        }
    }

    private static func wrapped(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.count + word.count > 70 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    private static func sentence(_ random: inout SplitMix64) -> String {
        let words = (0..<Int(random.next() % 9 + 2)).map { _ in word(&random) }
        let ends = [".", "?", "!", ",", ";", "\u{2026}", " Mr.", ".\u{201D}"]
        return words.joined(separator: " ").capitalized(first: true) + ends[Int(random.next() % UInt64(ends.count))]
    }

    private static func word(_ random: inout SplitMix64) -> String {
        let words = ["alice", "rabbit", "café", "naïve", "queen", "tea", "garden", "whirly", "squirrel", "the", "and"]
        return words[Int(random.next() % UInt64(words.count))]
    }

    /// I to XL, then again.
    private static func roman(_ number: Int) -> String {
        ListMarker.roman(number % 40 + 1) ?? "I"
    }
}

extension String {
    fileprivate func capitalized(first: Bool) -> String { prefix(1).uppercased() + dropFirst() }
    fileprivate var capitalized: String { capitalized(first: true) }
}
