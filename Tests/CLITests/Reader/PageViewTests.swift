import BookModel
import Importers
import InteractiveReader
import Narrator
import Testing

@testable import Segmentation
@testable import narrate

private let splitSentences = SentenceSplitter()

private func text(_ scalars: [Unicode.Scalar], _ lines: [Range<Int>]) -> [String] {
    lines.map { String(String.UnicodeScalarView(scalars[$0])) }
}

@Test func wrapsAtSpacesToTheWidth() {
    let scalars = Array("The quick brown fox jumps over the lazy dog.".unicodeScalars)
    #expect(text(scalars, TextWrapper(width: 15).lines(scalars)) == ["The quick brown", "fox jumps over", "the lazy dog."])
}

@Test func breaksAWordWiderThanTheLine() {
    let scalars = Array("abcdefghij xy".unicodeScalars)
    #expect(text(scalars, TextWrapper(width: 4).lines(scalars)) == ["abcd", "efgh", "ij", "xy"])
}

@Test func countsWideCharactersAsTwoColumnsAndJoinersAsNone() {
    let japanese = Array("\u{543E}\u{8F29}\u{306F}\u{732B}\u{3067}".unicodeScalars)
    #expect(TextWrapper(width: 4).lines(japanese).map(\.count) == [2, 2, 1])
    #expect(TextWrapper.width(of: "a\u{2060}b\u{301}".unicodeScalars) == 2)
}

@Test func separatesProseParagraphsButNotVerseLines() {
    let prose = Array("One long paragraph here.\nAnother long one here.".unicodeScalars)
    #expect(text(prose, TextWrapper(width: 12).lines(prose)) == ["One long", "paragraph", "here.", "", "Another long", "one here."])
    let verse = Array("April is\nthe cruellest\n\nmonth".unicodeScalars)
    #expect(text(verse, TextWrapper(width: 20).lines(verse)) == ["April is", "the cruellest", "month"])
}

@Test func highlightsTheSentenceAndEmphasisesTheWord() {
    let page = ReaderPage(Page(utterances: [Utterance("First one. "), Utterance("Second one.")]), splitter: splitSentences)
    let view = PageView(columns: 40, rows: 8, style: .monochrome)
    let lines = TextWrapper(width: 40).lines(page.scalars)
    let line = view.textLines(page, lines: lines, sentence: 1, word: 18..<22, rows: 4)[0]
    #expect(line == "First one. \u{1B}[0m\u{1B}[4mSecond \u{1B}[0m\u{1B}[1;7mone.")
}

@Test func neverPassesControlCharactersFromTheBookToTheTerminal() {
    let page = ReaderPage(Page(utterances: [Utterance("Evil \u{1B}]0;title\u{07} text\u{9B}2J.")]), splitter: splitSentences)
    let frame = PageView(columns: 40, rows: 8, style: .monochrome)
        .frame(page, lines: TextWrapper(width: 40).lines(page.scalars), sentence: 0, word: nil, overlay: .init(title: "T\u{1B}[2J\u{202E}", message: "", status: "s", replacement: nil))
    let escapes = frame.unicodeScalars.filter { $0 == "\u{1B}" }.count
    let styled = frame.components(separatedBy: "\u{1B}[").count - 1
    #expect(escapes == styled)
    #expect(!frame.contains("\u{07}") && !frame.contains("\u{9B}") && !frame.contains("\u{202E}"))
}

@Test func scrollsALongPageToKeepTheSentenceInView() {
    let lines = (0..<30).map { ($0 * 10)..<($0 * 10 + 9) }
    #expect(PageView.scrollTop(lines: lines, rows: 10, sentence: 5..<8, word: nil) == 0)
    #expect(PageView.scrollTop(lines: lines, rows: 10, sentence: 150..<152, word: nil) == 12)
    #expect(PageView.scrollTop(lines: lines, rows: 10, sentence: 295..<298, word: nil) == 20)
    #expect(PageView.scrollTop(lines: lines, rows: 10, sentence: 100..<260, word: 250..<255) == 16)
}

@Test(arguments: [(1.0, "1×"), (1.2, "1.2×"), (0.25, "0.25×"), (4.0, "4×")])
func speedReadsAsAMultiple(speed: Double, text: String) {
    #expect(StatusLine.speed(speed) == text)
}

@Test func statusLineGivesTheTitleWayFirst() {
    let state = ReaderState(pages: [Page(utterances: [Utterance("Yes. No.")]), Page()])
    let line = StatusLine(state: state, bookTitle: "A Very Long Book Title Indeed", voice: "muted", secondsLeft: 75)
    #expect(line.text(width: 200) == " A Very Long Book Title Indeed · page 1/2 · sentence 1/2 · speed 1× · muted · 1 min 15 s left ")
    let narrow = line.text(width: 72)
    #expect(TextWrapper.width(of: narrow.unicodeScalars) <= 72)
    #expect(narrow.hasSuffix("page 1/2 · sentence 1/2 · speed 1× · muted · 1 min 15 s left "))
    #expect(narrow.contains("…"))
}

@Test(arguments: [
    // At 14 columns "。" would start the second line: "る" goes down with it.
    ("吾輩は猫である。名前はまだ無い。", 14, ["吾輩は猫であ", "る。名前はまだ", "無い。"]),
    // "「" never ends a line, "」" never starts one.
    ("吾輩は猫「だ」と言った。", 10, ["吾輩は猫", "「だ」と", "言った。"]),
    // Small kana stay with the kana before them.
    ("ちょっとまって", 6, ["ちょっ", "とまっ", "て"]),
])
func japaneseLinesFollowTheLineBreakingRulesOfPunctuation(text line: String, width: Int, expected: [String]) {
    let scalars = Array(line.unicodeScalars)
    let lines = text(scalars, TextWrapper(width: width).lines(scalars))
    #expect(lines == expected)
    for wrapped in lines.dropFirst() { #expect(!TextWrapper.noLineStart.contains(wrapped.unicodeScalars.first ?? " ")) }
    for wrapped in lines { #expect(TextWrapper.width(of: wrapped.unicodeScalars) <= width) }
}

@Test func aLineMixingWordsAndJapaneseBreaksInsideTheJapanese() {
    let scalars = Array("Soseki: 吾輩は猫である。".unicodeScalars)
    #expect(text(scalars, TextWrapper(width: 16).lines(scalars)) == ["Soseki: 吾輩は猫", "である。"])
}

@Test func aLongNoticeWrapsOntoMoreLinesInsteadOfBeingCut() {
    let notice = "No sound device (pw-play: no PipeWire server is running, and neither PulseAudio nor ALSA has a device): "
        + "reading muted; --mute hides this notice."
    let page = ReaderPage(Page(utterances: [Utterance("Text.")]), splitter: splitSentences)
    let view = PageView(columns: 60, rows: 12, style: .monochrome)
    let frame = view.frame(page, lines: [0..<5], sentence: 0, word: nil,
        overlay: .init(title: "T", message: notice, status: "status", replacement: nil))
    let rows = frame.components(separatedBy: "\r\n")
    #expect(rows.count == 12)
    #expect(frame.contains("--mute hides this notice."))
    #expect(!frame.contains("…"))
}

@Test func aFinishedBookSaysSoInsteadOfATimeLeft() {
    var state = ReaderState(pages: [Page(utterances: [Utterance("The end.")])])
    state.advance()
    let line = StatusLine(state: state, bookTitle: "Book", voice: "muted", secondsLeft: 2).text(width: 200)
    #expect(line == " Book · finished · page 1/1 · sentence 1/1 · speed 1× · muted ")
}
