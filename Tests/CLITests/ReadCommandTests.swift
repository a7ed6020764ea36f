import Foundation
import Importers
import TestSupport
import Testing

/// A three-page plist book whose first sentences are long enough that, read
/// at 80 words per minute, the reader is still in them when the keys arrive.
private let threePageBook = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>bookPages</key><array>
    <dict><key>utterances</key><array>
    <dict><key>utteranceString</key><string>Once upon a time a very patient squirrel lived at the top of an old oak tree beside a slow river. </string></dict>
    <dict><key>utteranceString</key><string>Every morning she counted her acorns one by one and wrote the number on a leaf with great care.\n</string></dict>
    <dict><key>utteranceString</key><string>Then she slept.</string></dict>
    </array></dict>
    <dict><key>utterances</key><array>
    <dict><key>utteranceString</key><string>Winter came early that year and the river froze from one bank all the way across to the other bank. </string></dict>
    <dict><key>utteranceString</key><string>Spring followed.</string></dict>
    </array></dict>
    <dict><key>utterances</key><array>
    <dict><key>utteranceString</key><string>The end.</string></dict>
    </array></dict>
    </array></dict></plist>
    """

/// A scratch folder with the book, a state folder and the pane's script.
private struct ReaderScene {
    let directory: URL
    let book: String

    init(book: String? = nil) throws {
        directory = try NarrateProcess.temporaryDirectory()
        if let book {
            self.book = book
        } else {
            self.book = directory.appendingPathComponent("squirrel.plist").path
            try Data(threePageBook.utf8).write(to: URL(fileURLWithPath: self.book))
        }
    }

    /// Runs `narrate read BOOK arguments…` in a pane, recording the terminal
    /// modes before and after and the exit status.
    func open(_ arguments: String = "", environment: String = "", mute: Bool = true) throws -> TmuxSession {
        let path = directory.path
        let script = """
            cd '\(path)'; stty -g > before; \
            env XDG_STATE_HOME='\(path)/state' \(environment) '\(NarrateBinary.executable.path)' read '\(book)' \
            \(mute ? "--mute" : "") -q \(arguments) 2> errors; status=$?; stty -g > after; echo "EXIT=$status"; exec sleep 600
            """
        return try TmuxSession(width: 72, height: 16, script: script)
    }

    func file(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// The word shown in reverse video (`NO_COLOR`) above the message and
/// status lines, as `tmux capture-pane -e` writes it.
private func emphasisedWord(_ screen: String) -> String? {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let text = lines.prefix(max(0, lines.count - 3)).joined(separator: "\n")
    let pattern = "\u{1B}\\[[0-9;]*;7m(?:\u{1B}\\[[0-9;]*m)*([^\u{1B}]+)"
    guard let expression = try? NSRegularExpression(pattern: pattern),
          let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
          let range = Range(match.range(at: 1), in: text)
    else { return nil }
    return text[range].trimmingCharacters(in: .whitespaces)
}

/// Waits for `text` on the pane's screen; records the screen when it never
/// shows.
private func expectScreen(_ pane: TmuxSession, _ text: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    if try pane.waitFor(text) == nil {
        Issue.record("never showed '\(text)'; the screen:\n\(try pane.screen())", sourceLocation: sourceLocation)
    }
}

@Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
func readsMovesQuitsAndResumesWhereItStopped() throws {
    let scene = try ReaderScene()
    defer { scene.remove() }
    let pane = try scene.open("--rate 0.5", environment: "NO_COLOR=1")
    let started = try pane.waitFor("page 1/3 · sentence 1/3")
    try #require(started != nil, "the reader did not start: \((try? scene.file("errors")) ?? "")")
    #expect(try pane.display("#{alternate_on} #{cursor_flag}") == "1 0")

    let first = try #require(try pane.waitFor(escapes: true) { emphasisedWord($0) != nil }.flatMap(emphasisedWord))
    let later = try pane.waitFor(escapes: true) { emphasisedWord($0).map { $0 != first } ?? false }
    #expect(later != nil, "the emphasised word never moved on from \(first)")

    // Paused, moves are exact: nothing advances on its own.
    try pane.send("Space")
    try expectScreen(pane, "paused · page 1/3 · sentence 1/3")
    try pane.send("Right")
    try expectScreen(pane, "paused · page 1/3 · sentence 2/3")
    try pane.send("Left", "Down")
    try expectScreen(pane, "paused · page 1/3 · sentence 3/3")
    try pane.send("Up", "Space")
    try expectScreen(pane, "page 1/3 · sentence 1/3")
    let resumed = try pane.waitFor(escapes: true) { emphasisedWord($0) != nil }.flatMap(emphasisedWord)
    #expect(["Once", "upon", "a"].contains(resumed ?? ""), "resumed at \(resumed ?? "nothing")")

    try pane.send("n")
    try expectScreen(pane, "page 2/3 · sentence 1/2")
    #expect(try pane.screen().contains("Winter came early"))
    try pane.send("Space")
    try expectScreen(pane, "paused · page 2/3 · sentence 1/2")
    try pane.send("q")
    try expectScreen(pane, "EXIT=0")
    #expect(try scene.file("before") == scene.file("after"))
    #expect(try pane.display("#{alternate_on} #{cursor_flag}") == "0 1")

    let again = try scene.open("--rate 0.5")
    try expectScreen(again, "page 2/3 · sentence 1/2")
    try again.send("C-c")
    try expectScreen(again, "EXIT=0")
    #expect(try scene.file("before") == scene.file("after"))
}

/// With a player (here one that keeps the audio in a file), the reader
/// speaks with espeak-ng and the highlight follows its word timings.
@Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
func speaksThroughThePlayerWithTheEnginesTiming() throws {
    let scene = try ReaderScene()
    defer { scene.remove() }
    let audio = scene.directory.appendingPathComponent("played.wav").path
    let pane = try scene.open("", environment: "NO_COLOR=1 NARRATE_PLAYER='cat >> \(audio)'", mute: false)
    try expectScreen(pane, "page 1/3 · sentence 1/3")
    #expect(try !pane.screen().contains("muted"))
    let first = try #require(try pane.waitFor(escapes: true) { emphasisedWord($0) != nil }.flatMap(emphasisedWord))
    #expect(try pane.waitFor(escapes: true) { emphasisedWord($0).map { $0 != first } ?? false } != nil)
    try pane.send("n")
    try expectScreen(pane, "page 2/3 · sentence 1/2")
    try pane.send("q")
    try expectScreen(pane, "EXIT=0")
    let size = (try? FileManager.default.attributesOfItem(atPath: audio)[.size] as? Int) ?? 0
    #expect(size > 44, "no audio reached the player")
    #expect(try scene.file("before") == scene.file("after"))
}

/// Without a sound device, reading goes on muted after a notice.
@Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
func readsMutedWithANoticeWithoutASoundDevice() throws {
    let scene = try ReaderScene()
    defer { scene.remove() }
    let pane = try scene.open("", environment: "NARRATE_PLAYER='exit 1'", mute: false)
    try expectScreen(pane, "No sound device")
    #expect(try pane.screen().contains("· muted ·"))
    try pane.send("q")
    try expectScreen(pane, "EXIT=0")
}

@Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
func fromOverridesTheSavedPlaceGoMovesAndTheSpeedIsRemembered() throws {
    let scene = try ReaderScene()
    defer { scene.remove() }
    let pane = try scene.open("--rate 0.5 --from 3")
    try expectScreen(pane, "page 3/3")
    try pane.send("g", "2", "Enter")
    try expectScreen(pane, "page 2/3 · sentence 1/2")
    try pane.send("g", "9", "Enter")
    try expectScreen(pane, "There is no page 9; pages are 1–3.")
    try pane.send("+", "+", "-")
    try expectScreen(pane, "speed 0.6×")
    try pane.send("g", "1", "Enter", "Space")
    try expectScreen(pane, "paused · page 1/3 · sentence 1/3")
    try pane.resize(width: 40, height: 12)
    try expectScreen(pane, "Once upon a time a very patient squirrel\n")
    #expect(try pane.screen().split(separator: "\n").allSatisfy { $0.count <= 40 })
    try pane.send("?")
    try expectScreen(pane, "next / previous paragraph")
    try pane.resize(width: 72, height: 16)
    try pane.send("x", "g", "#", "3", "Enter", "Space")
    try expectScreen(pane, "finished · page 3/3 · sentence 1/1 · speed 0.6×")
    try pane.send("q")
    try expectScreen(pane, "EXIT=0")
    let again = try scene.open()
    try expectScreen(again, "speed 0.6×")
    try again.send("q")
    try expectScreen(again, "EXIT=0")
}

/// SIGTERM saves the place and exits 143; a crash signal (as the speech
/// side's library might raise) still restores the terminal.
@Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), arguments: [(SIGTERM, true), (SIGSEGV, false)])
func restoresTheTerminalWhenKilled(signal: Int32, saves: Bool) throws {
    let scene = try ReaderScene()
    defer { scene.remove() }
    let pane = try scene.open("--rate 0.5", environment: "SWIFT_BACKTRACE=enable=no")
    try expectScreen(pane, "page 1/3")
    let shell = try pane.display("#{pane_pid}")
    let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    let reader = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
    #expect(kill(reader, signal) == 0)
    try expectScreen(pane, "EXIT=\(128 + signal)")
    #expect(try scene.file("before") == scene.file("after"))
    #expect(try pane.display("#{alternate_on} #{cursor_flag}") == "0 1")
    let saved = (try? FileManager.default.contentsOfDirectory(atPath: scene.directory.path + "/state/narrate/positions")) ?? []
    #expect(saved.count == (saves ? 1 : 0))
}

@Test func refusesPolitelyWhenNotInATerminal() throws {
    let result = try NarrateProcess.run(["read", NarrateProcess.fixture("plist/WhirlySquirrelly.plist")])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("narrate: read needs a terminal"))
    #expect(result.stderr.contains("narrate speak"))
}

@Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
func refusesAPageBeyondTheBook() throws {
    let scene = try ReaderScene()
    defer { scene.remove() }
    let pane = try scene.open("--from 4")
    try expectScreen(pane, "EXIT=64")
    #expect(try scene.file("errors").hasPrefix("narrate: --from: there is no page 4; the book has 3"))
}

@Test func refusesABookOnStandardInput() throws {
    let result = try NarrateProcess.run(["read", "-"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("narrate: read takes keys from standard input"))
}

// MARK: - Real books from the corpus

private func corpusBook(_ relativePath: String) -> String {
    NarrateProcess.packageRoot.appendingPathComponent("../shared/corpus").appendingPathComponent(relativePath)
        .standardized.path
}

/// Whether the corpus book is there and this build imports it.
private func isReadable(_ path: String) -> Bool {
    guard let bytes = FileManager.default.contents(atPath: path) else { return false }
    return (try? BookImporter.importBook(bytes: Array(bytes), fileName: path)) != nil
}

private let prideAndPrejudice = corpusBook("epub/se_jane-austen_pride-and-prejudice.epub")
private let alice = corpusBook("text/en_alice.utf8.txt")

/// Page, page count, sentence and sentence count from the status line.
private func place(_ screen: String?) -> [Int]? {
    guard let screen,
          let match = screen.range(of: "page [0-9]+/[0-9]+ · sentence [0-9]+/[0-9]+", options: .regularExpression)
    else { return nil }
    return screen[match].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
}

@Test(.enabled(if: TmuxSession.isAvailable && isReadable(prideAndPrejudice),
               "needs tmux, ../shared/corpus and EPUB import"))
func readsACorpusEPUBMutedMovesQuitsAndResumes() throws {
    try readMoveQuitAndResume(prideAndPrejudice)
}

@Test(.enabled(if: TmuxSession.isAvailable && isReadable(alice), "needs tmux and ../shared/corpus"))
func readsACorpusTextMutedMovesQuitsAndResumes() throws {
    try readMoveQuitAndResume(alice)
}

/// Opens a real book at page 4 muted, checks the emphasised word moves,
/// pauses, moves a sentence and a page, quits, checks the terminal, and
/// reopens at the saved place.
private func readMoveQuitAndResume(_ book: String) throws {
    let scene = try ReaderScene(book: book)
    defer { scene.remove() }
    let pane = try scene.open("--rate 0.5 --from 4", environment: "NO_COLOR=1")
    let opened = try #require(place(try pane.waitFor { place($0) != nil }), "\((try? scene.file("errors")) ?? "")")
    #expect(opened[0] == 4)
    let first = try #require(try pane.waitFor(escapes: true) { emphasisedWord($0) != nil }.flatMap(emphasisedWord))
    #expect(try pane.waitFor(escapes: true) { emphasisedWord($0).map { $0 != first } ?? false } != nil)

    try pane.send("Space")
    let paused = try #require(place(try pane.waitFor("paused ·")))
    try pane.send("Right")
    let expected = paused[2] < paused[3] ? [paused[0], paused[1], paused[2] + 1] : [paused[0] + 1, paused[1], 1]
    #expect(try pane.waitFor { place($0).map { Array($0.prefix(3)) } == expected } != nil)
    try pane.send("n")
    let next = [expected[0] + 1, 1]
    #expect(try pane.waitFor { place($0).map { [$0[0], $0[2]] } == next } != nil)
    try pane.send("q")
    try expectScreen(pane, "EXIT=0")
    #expect(try scene.file("before") == scene.file("after"))
    #expect(try pane.display("#{alternate_on} #{cursor_flag}") == "0 1")

    let again = try scene.open("--rate 0.5")
    #expect(try again.waitFor { place($0).map { [$0[0], $0[2]] } == next } != nil, "did not resume on page \(next[0])")
    try again.send("q")
    try expectScreen(again, "EXIT=0")
}
