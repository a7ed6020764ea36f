import Foundation
import Testing

@Test(arguments: [
    (["bogus"], "narrate: unknown command 'bogus'"),
    (["improt"], "narrate: unknown command 'improt' (did you mean 'import'?)"),
    (["import"], "narrate: missing INPUT (a file, or - for standard input)"),
    (["import", "a", "b"], "narrate: expected one INPUT, found 2: a b"),
    (["import", "a", "--format", "yaml"], "narrate: --format: 'yaml' is not one of xml, binary, json, epub"),
    (["import", "a", "--outptu", "x"], "narrate: unknown option '--outptu' (did you mean '--output'?)"),
    (["import", "a", "-o"], "narrate: option '-o' needs a value"),
    (["import", "a", "--split", "chapter"], "narrate: --split: 'chapter' is not one of word, sentence, paragraph"),
    ([String](), "narrate: missing COMMAND"),
])
func usageMistakesExit64WithTheUsageLine(arguments: [String], firstLine: String) throws {
    try expectUsageError(arguments, firstLine: firstLine)
}

@Test(arguments: [
    ("missing.plist", "narrate: missing.plist: no such file or directory"),
    ("/", "narrate: /: a folder of more than 10,000 files: narrate reads EPUB, FB2, HTML, DOCX, ODT, MOBI, AZW3, Markdown, PDF, plain text and narrated-book plists; a book's folder holds its pages and their images"),
])
func unreadableInputsGetOneClearLine(path: String, message: String) throws {
    let result = try NarrateProcess.run(["info", path])
    #expect(result.status == 1)
    #expect(result.stderr == message + "\n")
}

@Test func helpIsAvailableEveryWay() throws {
    let top = try NarrateProcess.run(["--help"])
    #expect(top.status == 0)
    for command in ["import", "info", "dump", "help"] { #expect(top.stdoutText.contains("  \(command) ")) }
    let viaHelp = try NarrateProcess.run(["help", "import"])
    let viaFlag = try NarrateProcess.run(["import", "--help"])
    #expect(viaHelp.status == 0 && viaFlag.status == 0)
    #expect(viaHelp.stdout == viaFlag.stdout)
    #expect(viaFlag.stdoutText.contains("-o, --output FILE"))
    let version = try NarrateProcess.run(["--version"])
    #expect(version.stdoutText.hasPrefix("narrate "))
}

@Test func infoSummarisesTheBook() throws {
    let result = try NarrateProcess.run(["info", "-q", NarrateProcess.fixture("plist/WhirlySquirrelly.plist")])
    #expect(result.status == 0)
    #expect(result.stdoutText.contains("Pages:          3\n"))
    #expect(result.stdoutText.contains("Utterances:     7\n"))
    #expect(result.stdoutText.contains("Sentences:      4\n"))
    #expect(result.stdoutText.contains("Words:          14\n"))
    // Rendered: 7.6 s.
    #expect(result.stdoutText.contains("Listening time: 7 s at normal rate"))
}
