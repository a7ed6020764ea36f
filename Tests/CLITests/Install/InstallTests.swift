import Foundation
import TestSupport
import Testing

/// Runs one of the project's scripts.
private func script(_ name: String, _ arguments: [String], environment: [String: String]? = nil) throws -> NarrateRun {
    try NarrateProcess.run(
        program: NarrateProcess.packageRoot.appendingPathComponent("scripts/\(name)"), arguments, environment: environment)
}

/// The files scripts/install puts under a prefix.
private let installedFiles = [
    "bin/narrate", "share/man/man1/narrate.1.gz", "share/bash-completion/completions/narrate",
    "share/zsh/site-functions/_narrate", "share/fish/vendor_completions.d/narrate.fish",
    "share/narrate/install-manifest",
]

@Test func installedNarrateRunsWithItsManPageAndCompletionsAndUninstallsCompletely() throws {
    // The built binary is installed as it is: building release here would
    // take minutes (scripts/test-deb installs a release build).
    let prefix = try NarrateProcess.temporaryDirectory().appendingPathComponent("prefix")
    let install = try script("install", ["--prefix", prefix.path, "--binary", NarrateBinary.executable.path])
    #expect(install.status == 0, "\(install.stderr)")
    for file in installedFiles {
        #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file) missing")
    }

    let environment = ["PATH": prefix.path + "/bin:/usr/bin:/bin", "XDG_DATA_DIRS": prefix.path + "/share", "LANG": "C.UTF-8"]
    let info = try NarrateProcess.run(
        program: prefix.appendingPathComponent("bin/narrate"),
        ["info", "-q", NarrateProcess.fixture("plist/WhirlySquirrelly.plist")], environment: environment)
    #expect(info.status == 0)
    #expect(info.stdoutText.contains("Pages:          3\n"))
    let manual = try NarrateProcess.run(program: URL(fileURLWithPath: "/usr/bin/man"), ["-w", "narrate"], environment: environment)
    #expect(manual.stdoutText == prefix.path + "/share/man/man1/narrate.1.gz\n", "man finds the page from the PATH")
    let loaded = try NarrateProcess.run(
        program: URL(fileURLWithPath: "/bin/bash"),
        ["-c", "source /usr/share/bash-completion/bash_completion; __load_completion narrate && complete -p narrate"],
        environment: environment)
    #expect(loaded.stdoutText == "complete -F _narrate narrate\n", "bash-completion loads the script from the prefix")

    let uninstall = try script("uninstall", ["--prefix", prefix.path])
    #expect(uninstall.status == 0, "\(uninstall.stderr)")
    #expect(!FileManager.default.fileExists(atPath: prefix.path), "the prefix it created is removed whole")
}

@Test func uninstallRemovesOnlyWhatWasInstalled() throws {
    let prefix = try NarrateProcess.temporaryDirectory()
    let mine = prefix.appendingPathComponent("share/man/man1/other.1")
    try FileManager.default.createDirectory(at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "keep".write(to: mine, atomically: true, encoding: .utf8)
    #expect(try script("install", ["--prefix", prefix.path, "--binary", NarrateBinary.executable.path]).status == 0)
    #expect(try script("uninstall", ["--prefix", prefix.path]).status == 0)
    #expect(FileManager.default.fileExists(atPath: mine.path))
    let left = try FileManager.default.subpathsOfDirectory(atPath: prefix.path).sorted()
    #expect(left == ["share", "share/man", "share/man/man1", "share/man/man1/other.1"])
}

@Test func uninstallWithoutAnInstallSaysSo() throws {
    let prefix = try NarrateProcess.temporaryDirectory()
    let result = try script("uninstall", ["--prefix", prefix.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("narrate was not installed under \(prefix.path)"))
}
