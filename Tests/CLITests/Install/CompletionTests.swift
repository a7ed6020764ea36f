import Foundation
import TestSupport
import Testing

/// A folder of books and other files, to see which names are offered.
private func bookshelf() throws -> URL {
    let folder = try NarrateProcess.temporaryDirectory()
    for name in ["story.epub", "Notes.TXT", "tale.plist", "song.bplist", "book.json", "cover.png", "notes.md"] {
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())
    }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("shelf"), withIntermediateDirectories: true)
    return folder
}

private let shells = ["bash", "zsh", "fish"]

@Test(arguments: shells)
func completionScriptCompletesCommandsAndOptions(shell: String) throws {
    let shells = try CompletionShells(workingDirectory: try bookshelf())
    #expect(try shells.complete("narrate sp", in: shell) == ["speak"])
    #expect(Set(try shells.complete("narrate help ", in: shell)).isSuperset(of: ["import", "speak", "completions"]))
    let options = try shells.complete("narrate import --fo", in: shell)
    #expect(Set(options) == ["--format", "--force"])
}

@Test(arguments: shells)
func completionScriptOffersTheValuesOfAnOption(shell: String) throws {
    let shells = try CompletionShells(workingDirectory: try bookshelf())
    #expect(try shells.complete("narrate import x --split ", in: shell).sorted() == ["paragraph", "sentence", "word"])
    #expect(try shells.complete("narrate import x --format ", in: shell).sorted() == ["binary", "epub", "json", "xml"])
    #expect(try shells.complete("narrate import x --prosody=", in: shell).sorted() == ["expressive", "natural", "none"])
    #expect(try shells.complete("narrate speak x --voice en-u", in: shell).contains("en-us"))
    #expect(try shells.complete("narrate completions ", in: shell).sorted() == ["bash", "fish", "zsh"])
}

@Test(arguments: shells)
func completionScriptOffersOnlyFilesNarrateReads(shell: String) throws {
    let shells = try CompletionShells(workingDirectory: try bookshelf())
    let offered = Set(try shells.complete("narrate info ", in: shell))
    #expect(offered == ["story.epub", "Notes.TXT", "tale.plist", "song.bplist", "book.json", "notes.md", "shelf"])
    let timings = Set(try shells.complete("narrate speak x --timings ", in: shell))
    #expect(timings == ["book.json", "shelf"])
}

@Test func zshCompletionScriptParsesAndRegistersWithCompinit() throws {
    let shells = try CompletionShells(workingDirectory: try bookshelf())
    #expect(try shells.shellRun("zsh", ["-n", shells.path("zsh/_narrate")]).status == 0)
    let registered = try shells.shellRun(
        "zsh", ["-fc", "fpath=(\(shells.path("zsh")) $fpath); autoload -Uz compinit; compinit -u -D; print $_comps[narrate]"])
    #expect(registered.stdoutText == "_narrate\n")
}

@Test(arguments: [
    ([String](), "narrate: expected one SHELL (bash, zsh or fish), found 0"),
    (["tcsh"], "narrate: SHELL: 'tcsh' is not one of bash, zsh, fish"),
])
func completionsForAnUnknownShellIsAUsageError(operands: [String], message: String) throws {
    let result = try NarrateProcess.run(["completions"] + operands)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(message + "\nUsage: narrate completions SHELL"))
}
