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
