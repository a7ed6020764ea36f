import Foundation
import Testing

/// `narrate speak` on a plain-text file reads it page by page; the result is
/// the same as speaking the whole book read from standard input.
struct StreamedSpeakTests {
    private let book = """
        The Squirrel Book

        by Ann Author

        CHAPTER I.

        Whirly, twirly, the squirrel ran up the tall tree. Then he hid his acorn.

        CHAPTER II.

        Capt. Ahab met Prof. Moriarty. “Where is it?” asked the squirrel.

        CHAPTER III.

        The end came quickly; everyone went home.
        """

    private func speak(_ input: String, stdin: String? = nil, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = NarrateProcess.executable
        process.arguments = ["speak", input] + arguments
        process.standardInput = stdin.flatMap { FileHandle(forReadingAtPath: $0) } ?? FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    @Test(arguments: [["--pages", "2-3"], ["--from", "3:2", "--split", "word"], []])
    func aFileSpokenPageByPageSoundsLikeTheWholeBook(options: [String]) throws {
        let scratch = try ScratchDirectory()
        let text = scratch.file("book.txt")
        try Data(book.utf8).write(to: URL(fileURLWithPath: text))
        let streamed = try speak(text, options + ["-o", scratch.file("a.wav"), "--timings", scratch.file("a.json")])
        let whole = try speak("-", stdin: text, options + ["-o", scratch.file("b.wav"), "--timings", scratch.file("b.json")])
        #expect(streamed.0 == 0 && whole.0 == 0, "\(streamed.1)\(whole.1)")
        let (a, b) = try (Data(contentsOf: URL(fileURLWithPath: scratch.file("a.wav"))), Data(contentsOf: URL(fileURLWithPath: scratch.file("b.wav"))))
        #expect(a.count > 10_000 && a == b)
        let timings = try ["a.json", "b.json"].map { try String(contentsOfFile: scratch.file($0), encoding: .utf8) }
        #expect(timings[0] == timings[1])
    }

    /// `--pages 3-` reads from page 3 to the end: what `--from 3` reads,
    /// with no warning; with `--from` as well it is a usage error.
    @Test func anOpenPageRangeReadsToTheEndAsFromDoes() throws {
        let scratch = try ScratchDirectory()
        let text = scratch.file("book.txt")
        try Data(book.utf8).write(to: URL(fileURLWithPath: text))
        let open = try speak(text, ["--pages", "3-", "-o", scratch.file("open.wav"), "--timings", scratch.file("open.json")])
        let from = try speak(text, ["--from", "3", "-o", scratch.file("from.wav"), "--timings", scratch.file("from.json")])
        let all = try speak(text, ["-o", scratch.file("all.wav")])
        #expect(open == (0, "") && from == (0, "") && all.0 == 0, "\(open.1)\(from.1)")
        let wavs = try ["open.wav", "from.wav", "all.wav"].map { try Data(contentsOf: URL(fileURLWithPath: scratch.file($0))) }
        #expect(wavs[0].count > 10_000 && wavs[0] == wavs[1] && wavs[0].count < wavs[2].count)
        let timings = try ["open.json", "from.json"].map { try String(contentsOfFile: scratch.file($0), encoding: .utf8) }
        #expect(timings[0] == timings[1])
        let both = try speak(text, ["--pages", "3-", "--from", "2", "-o", scratch.file("both.wav")])
        #expect(both.0 == 64 && both.1.hasPrefix("narrate: --pages 3- and --from both say where to start"), "\(both.1)")
    }

    @Test func pagesPastTheEndAreSpokenUpToItThenWarnedOf() throws {
        let scratch = try ScratchDirectory()
        let text = scratch.file("book.txt")
        try Data(book.utf8).write(to: URL(fileURLWithPath: text))
        let (status, stderr) = try speak(text, ["--pages", "3-9", "-o", scratch.file("past.wav")])
        #expect(status == 0)
        #expect(stderr == "warning: \(text): --pages 3-9 runs past the end of the book, which has 4 pages; read pages 3-4\n")
        _ = try speak(text, ["--pages", "3-4", "-o", scratch.file("within.wav")])
        let (past, within) = try (Data(contentsOf: URL(fileURLWithPath: scratch.file("past.wav"))),
            Data(contentsOf: URL(fileURLWithPath: scratch.file("within.wav"))))
        #expect(past.count > 10_000 && past == within)
        let (strictStatus, strictError) = try speak(text, ["--pages", "3-9", "--strict", "-o", scratch.file("strict.wav")])
        #expect(strictStatus == 1)
        #expect(strictError.hasPrefix("narrate: \(text): --pages 3-9 runs past the end"), "\(strictError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("strict.wav")))
    }

    @Test func pagesWhollyPastTheEndAreAnErrorAndNoFileIsLeft() throws {
        let scratch = try ScratchDirectory()
        let text = scratch.file("book.txt")
        try Data(book.utf8).write(to: URL(fileURLWithPath: text))
        let (status, stderr) = try speak(text, ["--pages", "5-9", "-o", scratch.file("x.wav")])
        #expect(status == 1)
        #expect(stderr.contains("\(text): pages 5-9 are outside the book, which has 4 pages"), "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["book.txt"])
    }
}
