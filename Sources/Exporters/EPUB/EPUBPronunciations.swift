import BookFiles
import BookModel

/// How an exported EPUB keeps what its utterances' pronunciations say
/// (``Utterance/pronunciations``: a book's PLS lexicons, `ssml:ph`, the
/// user's `--lexicon`): phonemes as `ssml:ph` and `ssml:alphabet` on a
/// `<span>` around the words they cover, exactly where they apply; text
/// said instead (an alias) in a PLS lexicon of the book, as EPUB 3 has no
/// attribute for it. A pronunciation continued over per-word utterances
/// covers all of them.
enum EPUBPronunciations {
    /// The SSML namespace the attributes are in.
    static let namespace = "http://www.w3.org/2001/10/synthesis"

    /// The PLS lexicon's href from the package document.
    static let lexiconHref = "pronunciations.pls"

    /// A stretch of a block's text and what is said for it.
    struct Run: Equatable {
        var range: Range<Int>
        var spoken: Pronunciation.Spoken
    }

    /// `pronunciations` (ranges in the scalars of a text of `count`
    /// scalars) in order, each continued one joined to the one before,
    /// those that overlap an earlier one or fall outside the text left out.
    static func runs(_ pronunciations: [Pronunciation], count: Int) -> [Run] {
        var runs: [Run] = []
        for pronunciation in pronunciations.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let lower = max(0, pronunciation.range.lowerBound)
            let upper = min(count, pronunciation.range.upperBound)
            guard lower < upper else { continue }
            if case .continued = pronunciation.spoken {
                if let last = runs.indices.last, runs[last].range.upperBound <= lower {
                    runs[last].range = runs[last].range.lowerBound..<upper
                }
                continue
            }
            if let last = runs.last, last.range.upperBound > lower { continue }
            runs.append(Run(range: lower..<upper, spoken: pronunciation.spoken))
        }
        return runs
    }

    /// `text` escaped for XHTML with its phoneme runs as `ssml:ph` spans;
    /// alias runs are left as text and added to `aliases` (the words → what
    /// is said instead).
    static func markup(_ text: String, runs: [Run], aliases: inout [(words: String, alias: String)]) -> String {
        guard !runs.isEmpty else { return XMLText.escaped(text) }
        let scalars = Array(text.unicodeScalars)
        func piece(_ range: Range<Int>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[range.clamped(to: 0..<scalars.count)])
            return String(view)
        }
        var result = ""
        var position = 0
        for run in runs {
            result += XMLText.escaped(piece(position..<run.range.lowerBound))
            let words = piece(run.range)
            switch run.spoken {
            case .phonemes(let phonemes, let alphabet):
                result += "<span ssml:alphabet=\"\(alphabet.rawValue)\" ssml:ph=\"\(XMLText.escaped(phonemes))\">"
                    + XMLText.escaped(words) + "</span>"
            case .alias(let alias):
                if !aliases.contains(where: { $0.words == words }) { aliases.append((words, alias)) }
                result += XMLText.escaped(words)
            case .continued:
                result += XMLText.escaped(words)
            }
            position = run.range.upperBound
        }
        return result + XMLText.escaped(piece(position..<scalars.count))
    }

    /// A PLS lexicon saying each of `aliases` for its words, in `language`.
    static func lexicon(_ aliases: [(words: String, alias: String)], language: String) -> [UInt8] {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<lexicon version=\"1.0\" xmlns=\"http://www.w3.org/2005/01/pronunciation-lexicon\" alphabet=\"ipa\""
                + " xml:lang=\"\(XMLText.escaped(language))\">",
        ]
        for (words, alias) in aliases {
            lines.append("  <lexeme><grapheme>\(XMLText.escaped(words))</grapheme><alias>\(XMLText.escaped(alias))</alias></lexeme>")
        }
        lines += ["</lexicon>", ""]
        return Array(lines.joined(separator: "\n").utf8)
    }
}
