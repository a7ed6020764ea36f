import Rendering
import BookFiles
import Foundation

/// Writes `narrate words`' list: as lines of the `--lexicon` text format
/// (each word's count, places and espeak-ng's mnemonics in a comment
/// above it) or as a PLS lexicon.
enum WordListWriter {
    static func text(_ entries: [WordListEntry], title: String, all: Bool) -> String {
        var lines = [
            "# Words espeak-ng says by its spelling rules in \(title), most frequent first"
                + (all ? "." : " (only those never written in lower case; --all lists every one)."),
            "# A lexicon for --lexicon: correct the /IPA/ (or write replacement text), delete the rest.",
        ]
        for entry in entries {
            let said = entry.said
            lines.append("")
            lines.append("# " + entry.note)
            lines.append("\(entry.word.spelling)\t" + (said.isIPA ? "/\(said.text)/" : said.text))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func pls(_ entries: [WordListEntry], language: String?, title: String) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<!-- Words espeak-ng says by its spelling rules in \(comment(title)), most frequent first. -->",
            "<lexicon version=\"1.0\" xmlns=\"http://www.w3.org/2005/01/pronunciation-lexicon\" alphabet=\"ipa\""
                + " xml:lang=\"\(XMLText.escaped(language ?? "en"))\">",
        ]
        for entry in entries {
            let said = entry.said
            let pronunciation = said.isIPA
                ? "<phoneme>\(XMLText.escaped(said.text))</phoneme>"
                : said.text.hasPrefix("[[") && said.text.hasSuffix("]]")
                    ? "<phoneme alphabet=\"x-espeak\">\(XMLText.escaped(String(said.text.dropFirst(2).dropLast(2))))</phoneme>"
                    : "<alias>\(XMLText.escaped(said.text))</alias>"
            lines.append("  <!-- \(comment(entry.note)) -->")
            lines.append("  <lexeme><grapheme>\(XMLText.escaped(entry.word.spelling))</grapheme>\(pronunciation)</lexeme>")
        }
        lines.append("</lexicon>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe inside an XML comment (no `--`).
    private static func comment(_ text: String) -> String {
        var result = text
        while result.contains("--") { result = result.replacingOccurrences(of: "--", with: "- -") }
        return result
    }
}
