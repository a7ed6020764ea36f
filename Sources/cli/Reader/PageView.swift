import Rendering
import InteractiveReader
import Narrator

/// Draws the reader's screen: the page title, the page text wrapped to the
/// terminal with the current sentence highlighted and the current word
/// emphasised, a message line and the status line. Pure: it returns the
/// frame as text with escape sequences.
struct PageView {
    var columns: Int
    var rows: Int
    var style: ScreenStyle

    /// What is on screen besides the page.
    struct Overlay {
        var title: String
        var message: String
        var status: String
        /// Lines shown instead of the page text (help), if any.
        var replacement: [String]?
    }

    /// The whole frame: exactly `rows` lines, each cleared to its end.
    /// - Parameter lines: the page wrapped to ``columns`` by ``TextWrapper``
    ///   (kept by the caller, since a page only needs wrapping once).
    func frame(_ page: ReaderPage, lines: [Range<Int>], sentence: Int, word: Range<Int>?, overlay: Overlay) -> String {
        let message = Self.wrap(overlay.message, to: columns, lines: max(1, min(Self.messageLines, rows - 4)))
        let textRows = max(1, rows - 3 - message.count)
        var rows = [style.title + Self.truncate(overlay.title, to: columns) + style.reset, ""]
        if let replacement = overlay.replacement {
            rows += replacement.prefix(textRows).map { Self.truncate($0, to: columns) }
        } else {
            rows += textLines(page, lines: lines, sentence: sentence, word: word, rows: textRows)
        }
        rows += Array(repeating: "", count: max(0, textRows + 2 - rows.count))
        rows += message
        rows.append(style.status + Self.pad(Self.truncate(overlay.status, to: columns), to: columns) + style.reset)
        return "\u{1B}[H" + rows.prefix(self.rows).map { $0 + style.reset + "\u{1B}[K" }.joined(separator: "\r\n")
    }

    /// The visible lines of the page text, scrolled to keep the sentence in
    /// view.
    func textLines(_ page: ReaderPage, lines: [Range<Int>], sentence: Int, word: Range<Int>?, rows: Int) -> [String] {
        guard page.sentences.indices.contains(sentence) else {
            return lines.prefix(rows).map { render(page.scalars, $0, sentence: nil, word: nil) }
        }
        let spoken = page.spokenRange(of: sentence)
        let top = Self.scrollTop(lines: lines, rows: rows, sentence: spoken, word: word)
        return lines[top..<min(lines.count, top + rows)].map { render(page.scalars, $0, sentence: spoken, word: word) }
    }

    /// The first line to show: the sentence's first line a third of the way
    /// down (or the top, when the page fits), moved so the word stays in
    /// view.
    static func scrollTop(lines: [Range<Int>], rows: Int, sentence: Range<Int>, word: Range<Int>?) -> Int {
        guard lines.count > rows else { return 0 }
        func line(of offset: Int) -> Int {
            // Lines are in text order: binary search for the last starting at
            // or before `offset`.
            var low = 0, high = lines.count
            while low < high {
                let middle = (low + high) / 2
                if lines[middle].lowerBound <= offset { low = middle + 1 } else { high = middle }
            }
            return max(0, low - 1)
        }
        var top = max(0, min(line(of: sentence.lowerBound) - rows / 3, lines.count - rows))
        if let word {
            let wordLine = line(of: word.lowerBound)
            if wordLine >= top + rows { top = wordLine - rows + 1 }
        }
        return top
    }

    /// One screen line with styles switched on and off where the sentence
    /// and word begin and end. Control and format characters are dropped so
    /// book text can never send escape sequences.
    private func render(_ scalars: [Unicode.Scalar], _ range: Range<Int>, sentence: Range<Int>?, word: Range<Int>?)
        -> String
    {
        var text = "", current = ScreenStyle.Span.plain
        for index in range {
            let span: ScreenStyle.Span = word?.contains(index) == true ? .word
                : sentence?.contains(index) == true ? .sentence : .plain
            if span != current {
                text += style.reset + style.sequence(for: span)
                current = span
            }
            let scalar = scalars[index]
            if scalar.properties.isWhitespace { text += " " } else if TextWrapper.width(of: scalar) > 0
                || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark
            {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// Cuts text to `width` columns, ending with `…` when cut; control
    /// characters become spaces and format characters (bidi overrides) go.
    static func truncate(_ text: String, to width: Int) -> String {
        var result = "", used = 0
        let scalars = text.unicodeScalars.filter { $0.properties.generalCategory != .format }
            .map { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? " " : $0 }
        let total = TextWrapper.width(of: scalars)
        for scalar in scalars {
            let cells = TextWrapper.width(of: scalar)
            if total > width, used + cells > width - 1 { return result + "…" }
            if used + cells > width { break }
            result.unicodeScalars.append(scalar)
            used += cells
        }
        return result
    }

    /// Most lines a message (a notice, the `g` prompt) takes.
    static let messageLines = 3

    /// A message wrapped to `width` columns on at most `lines` lines, the
    /// last cut with `…` when it is longer still.
    static func wrap(_ text: String, to width: Int, lines: Int) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let ranges = TextWrapper(width: width).lines(scalars).filter { !$0.isEmpty }
        guard !ranges.isEmpty else { return [""] }
        var wrapped = ranges.prefix(lines).map { String(String.UnicodeScalarView(scalars[$0])) }
        if ranges.count > lines, let last = ranges.prefix(lines).last {
            let rest = String(String.UnicodeScalarView(scalars[last.lowerBound...]))
            wrapped[wrapped.count - 1] = truncate(rest, to: width)
        }
        return wrapped.map { truncate($0, to: width) }
    }

    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TextWrapper.width(of: text.unicodeScalars)))
    }
}

/// The escape sequences for the reader's styles: colours by default, only
/// underline, bold and reverse video when `NO_COLOR` is set.
struct ScreenStyle {
    enum Span { case plain, sentence, word }

    var sentence: String
    var word: String
    var title = "\u{1B}[1m"
    var status = "\u{1B}[7m"
    var reset = "\u{1B}[0m"

    /// Colour: white on blue for the sentence, bold underlined yellow for
    /// the word.
    static let colour = ScreenStyle(sentence: "\u{1B}[97;44m", word: "\u{1B}[1;4;93;44m")
    /// `NO_COLOR`: underlined sentence, bold reverse-video word.
    static let monochrome = ScreenStyle(sentence: "\u{1B}[4m", word: "\u{1B}[1;7m")

    /// The style `NO_COLOR` in the environment asks for.
    static func forEnvironment(_ environment: [String: String]) -> ScreenStyle {
        (environment["NO_COLOR"] ?? "").isEmpty ? colour : monochrome
    }

    func sequence(for span: Span) -> String {
        switch span {
        case .plain: ""
        case .sentence: sentence
        case .word: word
        }
    }
}
