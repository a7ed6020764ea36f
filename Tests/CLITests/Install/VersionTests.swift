import Foundation
import TestSupport
import Testing

/// `pkg-config --modversion NAME`: the version of the library narrate was built against.
private func builtAgainst(_ package: String) throws -> String {
    let result = try NarrateProcess.run(
        program: URL(fileURLWithPath: "/usr/bin/pkg-config"), ["--modversion", package], environment: [:])
    return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The upstream version of an installed Debian package, for a library
/// narrate loads with dlopen (no -dev package, so no pkg-config file).
private func installed(_ package: String) throws -> String {
    let result = try NarrateProcess.run(
        program: URL(fileURLWithPath: "/usr/bin/dpkg-query"), ["-W", "-f=${source:Upstream-Version}", package], environment: [:])
    return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
}

@Test func versionNamesTheLibrariesNarrateUses() throws {
    let result = try NarrateProcess.run(
        program: NarrateBinary.executable, ["--version"], environment: ["PATH": "/nonexistent"])
    #expect(result.status == 0)
    let lines = result.stdoutText.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("narrate ") == true)
    #expect(lines.contains("libxml2 \(try builtAgainst("libxml-2.0"))"))
    #expect(lines.contains("libzip \(try builtAgainst("libzip"))"))
    #expect(lines.contains("poppler \(try installed("libpoppler-glib8"))"))
    #expect(lines.contains { $0.hasPrefix("espeak-ng 1.") })
    #expect(!lines.contains { $0.hasPrefix("ffmpeg") }, "no ffmpeg line without ffmpeg on the PATH")
}

@Test func versionNamesFfmpegWhenItIsOnThePath() throws {
    let folder = try NarrateProcess.temporaryDirectory()
    let ffmpeg = folder.appendingPathComponent("ffmpeg")
    try "#!/bin/sh\necho 'ffmpeg version 9.9-test Copyright (c) the FFmpeg developers'\n"
        .write(to: ffmpeg, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: ffmpeg.path)
    let result = try NarrateProcess.run(
        program: NarrateBinary.executable, ["--version"], environment: ["PATH": folder.path + ":/usr/bin:/bin"])
    #expect(result.stdoutText.hasSuffix("ffmpeg 9.9-test (\(ffmpeg.path))\n"))
}

@Test func commandsThatDoNotSpeakNeverLoadEspeak() throws {
    let book = NarrateProcess.fixture("plist/WhirlySquirrelly.plist")
    let info = try NarrateProcess.run(
        program: NarrateBinary.executable, ["info", "-q", book], environment: ["LD_DEBUG": "files"])
    #expect(info.status == 0)
    #expect(info.stderr.contains("libxml2"), "LD_DEBUG shows the libraries loaded")
    #expect(!info.stderr.contains("libespeak-ng"))
    let version = try NarrateProcess.run(
        program: NarrateBinary.executable, ["--version"], environment: ["LD_DEBUG": "files"])
    #expect(version.stderr.contains("libespeak-ng"))
}
