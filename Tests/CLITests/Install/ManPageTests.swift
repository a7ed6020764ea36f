import Foundation
import TestSupport
import Testing

@testable import narrate

/// `narrate help --man`, written to a file for man and lexgrog.
private func manPageFile() throws -> URL {
    let page = try NarrateProcess.run(["help", "--man"])
    #expect(page.status == 0)
    let file = try NarrateProcess.temporaryDirectory().appendingPathComponent("narrate.1")
    try page.stdout.write(to: file)
    return file
}

private let tools = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MANPAGER": "cat", "MANWIDTH": "80"]

@Test func manPageRendersWithoutWarnings() throws {
    let file = try manPageFile()
    let rendered = try NarrateProcess.run(
        program: URL(fileURLWithPath: "/usr/bin/man"), ["--warnings", "-l", file.path], environment: tools)
    #expect(rendered.status == 0)
    #expect(rendered.stderr == "")
    for heading in ["NAME", "SYNOPSIS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
        #expect(rendered.stdoutText.contains("\n\(heading)\n"), "no \(heading) section")
    }
    let whatis = try NarrateProcess.run(program: URL(fileURLWithPath: "/usr/bin/lexgrog"), [file.path], environment: tools)
    #expect(whatis.status == 0)
    #expect(whatis.stdoutText.contains("\"narrate - turn e-books into narration"))
}

/// The long option names a `--help` text lists, in order.
private func optionsListed(in help: String) -> [String] {
    help.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("  "), let range = line.range(of: "--") else { return nil }
        guard line[..<range.lowerBound].allSatisfy({ $0 == " " || $0 == "," || $0 == "-" || $0.isLetter }) else { return nil }
        return String(line[range.upperBound...].prefix { $0 != " " })
    }
}

/// The roff source between `.SS NAME` and the next heading.
private func section(of command: String, in page: String) -> Substring? {
    guard let start = page.range(of: "\n.SS \(command)\n") else { return nil }
    let rest = page[start.upperBound...]
    let end = [rest.range(of: "\n.SS "), rest.range(of: "\n.SH ")].compactMap { $0?.lowerBound }.min() ?? rest.endIndex
    return rest[..<end]
}

@Test func manPageNamesEveryCommandAndEveryOptionThatHelpLists() throws {
    let page = try NarrateProcess.run(["help", "--man"]).stdoutText
    for command in Narrate.commands {
        let help = try NarrateProcess.run(["help", command.name]).stdoutText
        let listed = optionsListed(in: help)
        #expect(listed == command.allOptions.map(\.long), "narrate help \(command.name) lists other options than its OptionSpecs")
        let text = try #require(section(of: command.name, in: page), "no section for \(command.name)")
        for option in listed {
            #expect(text.contains("\\fB\\-\\-\(option.replacingOccurrences(of: "-", with: "\\-"))\\fR"),
                "narrate(1) does not name \(command.name) --\(option)")
        }
    }
    let topLevel = optionsListed(in: try NarrateProcess.run(["--help"]).stdoutText)
    #expect(topLevel == Narrate.options.map(\.long))
    #expect(topLevel.allSatisfy { page.contains("\\fB\\-\\-\($0)\\fR") })
}

@Test func manPageGivesExitStatusesAndEnvironment() throws {
    let page = try NarrateProcess.run(["help", "--man"]).stdoutText
    for status in ["0", "1", "64", "130"] { #expect(page.contains(".TP\n.B \(status)\n")) }
    for variable in ["NARRATE_PLAYER", "XDG_STATE_HOME", "NO_COLOR"] { #expect(page.contains(".B \(variable)\n")) }
    #expect(page.contains("narrate import story.epub\n"), "the commands' examples are gathered under EXAMPLES")
}

@Test func helpManTakesNoCommand() throws {
    let result = try NarrateProcess.run(["help", "--man", "import"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("narrate: --man prints the whole manual; give no COMMAND with it\n"))
}
