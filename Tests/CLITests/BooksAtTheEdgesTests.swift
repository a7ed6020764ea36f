import Foundation
import TestSupport
import Testing

/// What users met from outside: books without text, HTML without `<html>`,
/// standard input and output, option values left empty.

/// Writes `text` as `name` into a fresh folder.
private func scene(_ name: String, _ text: String) throws -> URL {
    let directory = try NarrateProcess.temporaryDirectory()
    try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    return directory
}

@Test(arguments: [
    ["import", "blank.txt", "-o", "out.plist"],
    ["import", "blank.txt", "-o", "out.epub"],
    ["speak", "blank.txt", "-o", "out.wav"],
    ["speak", "blank.txt", "-o", "out.m4b"],
])
func aBookWithoutTextIsOneErrorAndNoFile(arguments: [String]) throws {
    let directory = try scene("blank.txt", "   \n\n\t\n")
    let result = try NarrateProcess.run(arguments, in: directory)
    #expect(result.status == 1)
    #expect(result.stderr == "narrate: blank.txt: the book has no readable text\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["blank.txt"])
}

@Test func describingABookWithoutTextIsNoError() throws {
    let directory = try scene("blank.txt", "   \n\n\t\n")
    let result = try NarrateProcess.run(["info", "blank.txt"], in: directory)
    #expect(result.status == 0)
    #expect(result.stdoutText.contains("Pages:          0\n"))
    #expect(result.stderr == "warning: blank.txt: the book has no readable text\n")
}

@Test(arguments: [
    ("frag.html", "<h1>Chapter 1</h1>\n<p>Hello world.</p>\n", "HTML", "Hello world."),
    ("h5.html", "<!DOCTYPE html>\n<meta charset=\"utf-8\">\n<title>My Book</title>\n<h1>Chapter 1</h1>\n<p>Hello world.</p>\n", "HTML", "Hello world."),
    ("README.md", "<div align=\"center\">\n<img src=\"x.png\">\n</div>\n\n# Title\n\nHello world.\n", "Markdown", "Hello world."),
])
func pagesWithoutAnHTMLElementAreRead(name: String, text: String, format: String, said: String) throws {
    let directory = try scene(name, text)
    let info = try NarrateProcess.run(["info", name], in: directory)
    #expect(info.status == 0)
    #expect(info.stdoutText.contains("Format:         \(format)\n"))
    let dump = try NarrateProcess.run(["dump", name], in: directory)
    #expect(dump.stdoutText.contains(said))
}

@Test func textNestedPastTheParsersLimitIsWarnedOfAndStrictRefusesIt() throws {
    let html = "<html><body><p>Before.</p>" + String(repeating: "<div>", count: 260) + "<p>Deep.</p>"
        + String(repeating: "</div>", count: 260) + "</body></html>"
    let directory = try scene("deep.html", html)
    let warning = "deep.html: line 1: elements nested more than 256 deep (libxml2's limit): the text from here on is not read"
    let dump = try NarrateProcess.run(["dump", "deep.html"], in: directory)
    #expect(dump.status == 0)
    #expect(dump.stdoutText.contains("Before."))
    #expect(dump.stderr == "warning: \(warning)\n")
    let strict = try NarrateProcess.run(["import", "deep.html", "--strict", "-o", "deep.plist"], in: directory)
    #expect(strict.status == 1)
    #expect(strict.stderr.contains("elements nested more than 256 deep"))
}

@Test func infoOfStandardInputSaysItsFormat() throws {
    let book = try Data(contentsOf: URL(fileURLWithPath: NarrateProcess.fixture("epub/repetitive-700-to-1.epub")))
    let result = try NarrateProcess.run(["info", "-"], input: book)
    #expect(result.status == 0)
    #expect(result.stdoutText.contains("Format:         EPUB\n"))
}

@Test func aFailureToWriteStandardOutputNamesIt() throws {
    let process = Process()
    process.executableURL = NarrateBinary.executable
    process.arguments = ["import", NarrateProcess.fixture("text/pauses.txt"), "-o", "-", "--quiet"]
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(stderr == "narrate: <stdout>: cannot write: no space left on device\n")
}

@Test func anEmptyOptionValueIsAUsageError() throws {
    let result = try NarrateProcess.run(["speak", NarrateProcess.fixture("text/pauses.txt"), "--voice", "", "-o", "x.wav"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("narrate: option '--voice' needs a value, and was given an empty one\n"))
}

@Test func aJSONNameWritesJSON() throws {
    let directory = try scene("story.txt", "Once upon a time. The end.\n")
    let named = try NarrateProcess.run(["import", "story.txt", "-o", "named.json"], in: directory)
    #expect(named.status == 0)
    #expect(try String(contentsOf: directory.appendingPathComponent("named.json"), encoding: .utf8).hasPrefix("{"))
    let implied = try NarrateProcess.run(["import", "story.txt", "--format", "json"], in: directory)
    #expect(implied.status == 0)
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("story.json").path))
}

/// `--pages` running past the end is read up to it, with a warning, in
/// every output as in a WAV; a range wholly outside is one error, worded alike.
@Test(arguments: ["x.wav", "x.m4b"])
func pagesPastTheEndAreReadUpToItInEveryOutput(output: String) throws {
    let directory = try NarrateProcess.temporaryDirectory()
    try FileManager.default.copyItem(atPath: NarrateProcess.fixture("text/voice-map.txt"), toPath: directory.appendingPathComponent("vm.txt").path)
    let past = try NarrateProcess.run(["speak", "vm.txt", "--pages", "2-9", "-o", output], in: directory)
    #expect(past.status == 0, "\(past.stderr)")
    #expect(past.stderr.contains("warning: vm.txt: --pages 2-9 runs past the end of the book, which has 2 pages; read pages 2-2\n"))
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(output).path))
    let outside = try NarrateProcess.run(["speak", "vm.txt", "--pages", "5", "-o", "y" + output.dropFirst()], in: directory)
    #expect(outside.status == 1)
    #expect(outside.stderr == "narrate: vm.txt: page 5 is outside the book, which has 2 pages\n")
}
