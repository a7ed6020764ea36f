import Rendering
import InteractiveReader
import Narrator

/// The reader's status line: book title, page i/n, sentence i/n within the
/// page, speed, voice, and the time left in the chapter (the page); at the
/// end of the book, "finished" instead of a time.
struct StatusLine {
    var state: ReaderState
    var bookTitle: String
    var voice: String
    var secondsLeft: Double

    /// `1×`, `1.2×`, `0.25×`.
    static func speed(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + "×"
    }

    /// The line cut to `width` columns, the title giving way first.
    func text(width: Int) -> String {
        let sentences = state.page.sentences.count
        var facts = [
            "page \(state.pageIndex + 1)/\(state.pages.count)",
            "sentence \(sentences == 0 ? 0 : state.sentence + 1)/\(sentences)",
            "speed " + Self.speed(state.speed),
            voice,
        ]
        if state.isFinished {
            facts.insert("finished", at: 0)
        } else {
            facts.append(InfoCommand.duration(secondsLeft) + " left")
            if state.isPaused { facts.insert("paused", at: 0) }
        }
        let right = " " + facts.joined(separator: " · ") + " "
        let room = width - TextWrapper.width(of: right.unicodeScalars)
        guard room >= 8 else { return PageView.truncate(right, to: width) }
        return PageView.truncate(" " + bookTitle, to: room - 2) + " ·" + right
    }
}
