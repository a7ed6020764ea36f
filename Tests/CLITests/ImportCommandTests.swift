import Foundation
import Testing

private let tutorial = NarrateProcess.fixture("plist/WhirlySquirrelly.plist")

@Test func importWritesBaseNameDotPlistInTheCurrentDirectory() throws {
    let directory = try NarrateProcess.temporaryDirectory()
    let result = try NarrateProcess.run(["import", "--quiet", tutorial], in: directory)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let written = try Data(contentsOf: directory.appendingPathComponent("WhirlySquirrelly.plist"))
    #expect(written == (try Data(contentsOf: URL(fileURLWithPath: tutorial))))
}

@Test func existingOutputIsKeptWithoutForceAndReplacedWithIt() throws {
    let directory = try NarrateProcess.temporaryDirectory()
    let output = directory.appendingPathComponent("out.plist")
    try Data("precious".utf8).write(to: output)
    let refused = try NarrateProcess.run(["import", "-q", tutorial, "-o", output.path])
    #expect(refused.status == 1)
    #expect(refused.stderr == "narrate: \(output.path): already exists (use --force to overwrite)\n")
    #expect(try String(contentsOf: output, encoding: .utf8) == "precious")
    let forced = try NarrateProcess.run(["import", "-q", tutorial, "-o", output.path, "--force"])
    #expect(forced.status == 0)
    #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("<?xml"))
}

@Test func theInputIsNeverOverwrittenEvenWithForce() throws {
    let directory = try NarrateProcess.temporaryDirectory()
    let copy = directory.appendingPathComponent("book.plist")
    try FileManager.default.copyItem(atPath: tutorial, toPath: copy.path)
    let result = try NarrateProcess.run(["import", "-q", "book.plist", "--force", "--format", "binary"], in: directory)
    #expect(result.status == 1)
    #expect(result.stderr.contains("is the input file"))
    #expect(try Data(contentsOf: copy) == (try Data(contentsOf: URL(fileURLWithPath: tutorial))))
}

@Test func failedImportLeavesNoFileBehind() throws {
    let directory = try NarrateProcess.temporaryDirectory()
    let bad = directory.appendingPathComponent("bad.plist")
    try Data("<plist><dict><key>bookPages</key><array><dict><key>utterances</key><array><dict><key>utteranceString</key><integer>3</integer></dict></array></dict></array></dict></plist>".utf8).write(to: bad)
    let result = try NarrateProcess.run(["import", "bad.plist", "-o", "out.plist"], in: directory)
    #expect(result.status == 1)
    #expect(result.stderr == "narrate: bad.plist: bookPages[0].utterances[0].utteranceString: expected a string, found integer 3\n")
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(left == ["bad.plist"])
}

@Test func standardInputAndOutputWithDashes() throws {
    let input = try Data(contentsOf: URL(fileURLWithPath: tutorial))
    let result = try NarrateProcess.run(["import", "-", "-q", "--format", "json"], input: input)
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    #expect((json?["bookPages"] as? [Any])?.count == 3)
    let back = try NarrateProcess.run(["dump", "-", "-q"], input: result.stdout)
    #expect(back.status == 0)
    #expect(back.stdoutText.contains("\"Whisky, \" rate=1.2 pitchMultiplier=1"))
}

@Test func binaryExportRoundTripsThroughTheCommandLine() throws {
    let directory = try NarrateProcess.temporaryDirectory()
    let binary = try NarrateProcess.run(["import", "-q", tutorial, "--format", "binary", "-o", "b.plist"], in: directory)
    #expect(binary.status == 0)
    let head = try Data(contentsOf: directory.appendingPathComponent("b.plist")).prefix(8)
    #expect(String(decoding: head, as: UTF8.self) == "bplist00")
    let xml = try NarrateProcess.run(["import", "-q", "b.plist", "-o", "-"], in: directory)
    #expect(xml.stdout == (try Data(contentsOf: URL(fileURLWithPath: tutorial))))
}

@Test func warningsArePrintedSilencedOrFatal() throws {
    let plain = try NarrateProcess.run(["dump", tutorial])
    #expect(plain.status == 0)
    #expect(plain.stderr.hasPrefix("warning: \(tutorial): bookPages[0].utterances[0].utteranceProperties.rate: 1.2 is outside"))
    let quiet = try NarrateProcess.run(["dump", tutorial, "--quiet"])
    #expect(quiet.stderr.isEmpty)
    let strict = try NarrateProcess.run(["info", tutorial, "--strict"])
    #expect(strict.status == 1)
    #expect(strict.stdout.isEmpty)
    #expect(strict.stderr.hasPrefix("narrate: \(tutorial): bookPages[0]"))
    #expect(strict.stderr.hasSuffix("(a warning, fatal with --strict)\n"))
}

@Test func devicesAreWrittenInPlaceNeverReplaced() throws {
    let result = try NarrateProcess.run(["import", "-q", tutorial, "-o", "/dev/null", "--force"])
    #expect(result.status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
    #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
}
