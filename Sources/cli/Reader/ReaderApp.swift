import Rendering
import InteractiveReader
import Foundation
import Narrator

/// The interactive loop of `narrate read`: waits for keys or the next word,
/// applies moves to the session and redraws the screen.
final class ReaderApp {
    private let terminal: Terminal
    private let session: ReaderSession
    private let bookTitle: String
    private let style: ScreenStyle
    private var decoder = KeyDecoder()
    private var mode = Mode.reading
    private var notice: String?
    private var size = (columns: 0, rows: 0)
    private var needsDraw = true
    private var pendingSince: Double?
    /// The current page wrapped to the screen's width.
    private var wrapped: (page: Int, columns: Int, lines: [Range<Int>])?

    private enum Mode: Equatable {
        case reading, help
        /// Typing where `g` goes: a chapter number or title, or `#` and a page.
        case goTo(String)
    }

    init(terminal: Terminal, session: ReaderSession, bookTitle: String, style: ScreenStyle, notice: String?) {
        self.terminal = terminal
        self.session = session
        self.bookTitle = bookTitle
        self.style = style
        self.notice = notice
    }

    /// Reads until the user quits or a signal asks to.
    /// - Throws: what the speech side throws.
    func run() throws {
        try session.begin(at: Self.now())
        while Terminal.quitSignal.load(ordering: .relaxed) == 0 {
            drawIfNeeded()
            let timeout = session.nextDeadline(after: Self.now()).map { $0 - Self.now() } ?? 0.1
            let bytes = terminal.read(timeout: min(max(timeout, 0), 0.1))
            for key in keys(from: bytes) where try !handle(key) { return }
            if try session.update(at: Self.now()) { needsDraw = true }
        }
    }

    /// Decodes what was read; an escape sequence left incomplete for 50 ms
    /// is taken to be the Escape key.
    private func keys(from bytes: [UInt8]) -> [Key] {
        var keys = decoder.feed(bytes)
        if !decoder.hasPending {
            pendingSince = nil
        } else if let since = pendingSince, Self.now() - since > 0.05 {
            keys += decoder.flush()
            pendingSince = nil
        } else if pendingSince == nil {
            pendingSince = Self.now()
        }
        return keys
    }

    /// Applies one key; returns false to quit.
    private func handle(_ key: Key) throws -> Bool {
        needsDraw = true
        notice = nil
        switch mode {
        case .help:
            mode = .reading
            return key != .character("q") && key != .interrupt
        case .goTo(let digits):
            try handleGoTo(key, digits)
            return key != .interrupt
        case .reading:
            if key == .character("q") || key == .character("Q") || key == .interrupt { return false }
            if key == .character("?") || key == .character("h") {
                mode = .help
            } else if key == .character("g") {
                mode = .goTo("")
            } else if let move = Self.move(for: key) {
                try session.perform(move, at: Self.now())
            }
            return true
        }
    }

    private func handleGoTo(_ key: Key, _ typed: String) throws {
        switch key {
        case .character(let character) where !character.isNewline:
            mode = .goTo(String((typed + String(character)).prefix(40)))
        case .backspace: mode = .goTo(String(typed.dropLast()))
        case .enter:
            mode = .reading
            switch ChapterFinder(pages: session.state.pages).find(typed) {
            case .page(let index): try session.perform(.goToPage(index), at: Self.now())
            case .notFound(let reason): notice = reason.isEmpty ? nil : reason
            }
        default: mode = .reading
        }
    }

    /// The reader's keys.
    static func move(for key: Key) -> ReaderMove? {
        switch key {
        case .character(" "): .togglePause
        case .right: .nextSentence
        case .left: .previousSentence
        case .down: .nextParagraph
        case .up: .previousParagraph
        case .character("n"), .pageDown: .nextPage
        case .character("p"), .pageUp: .previousPage
        case .character("+"), .character("="): .faster
        case .character("-"), .character("_"), .character("\u{2212}"): .slower
        default: nil
        }
    }

    private func drawIfNeeded() {
        let current = terminal.size()
        if current != size || Terminal.resized.exchange(false, ordering: .relaxed) {
            size = current
            terminal.write("\u{1B}[2J")
            needsDraw = true
        }
        guard needsDraw else { return }
        needsDraw = false
        let view = PageView(columns: size.columns, rows: size.rows, style: style)
        let state = session.state
        if wrapped?.page != state.pageIndex || wrapped?.columns != size.columns {
            wrapped = (state.pageIndex, size.columns, TextWrapper(width: size.columns).lines(state.page.scalars))
        }
        let overlay = PageView.Overlay(
            title: state.page.title ?? bookTitle, message: message, status: status,
            replacement: mode == .help ? Self.helpLines : nil)
        terminal.write(view.frame(state.page, lines: wrapped?.lines ?? [], sentence: state.sentence, word: state.word,
                                  overlay: overlay))
    }

    private var message: String {
        if case .goTo(let typed) = mode {
            return "Go to chapter (its number or title; #N for page N of \(session.state.pages.count)): \(typed)▏"
        }
        if let notice { return notice }
        if session.state.isFinished { return "The end. Space reads again from the start; q quits." }
        return session.state.isPaused ? "Paused — space resumes; ? shows the keys." : "? keys · q quit"
    }

    private var status: String {
        StatusLine(state: session.state, bookTitle: bookTitle, voice: session.voice.name,
                   secondsLeft: session.timeLeftOnPage()).text(width: size.columns)
    }

    static let helpLines = [
        "Keys", "",
        "  space      pause / resume",
        "  → / ←      next / previous sentence",
        "  ↓ / ↑      next / previous paragraph",
        "  n / p      next / previous page (also Page Down / Page Up)",
        "  + / −      faster / slower",
        "  g          go to a chapter: its number or the start of its title,",
        "             or # and a page number; then Enter",
        "  q          quit (the place is remembered)",
        "  ?          this help", "",
        "Any key returns to the book.",
    ]

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
