import Foundation
import TestSupport
import Testing

/// When the Debian package test can run: it chroots into a fresh Debian 12
/// root (root, debootstrap, a mirror), which takes over a minute, so it runs
/// only when given a package to test. The package is built beforehand
/// because a release build cannot run while `swift test` holds `.build`:
/// `NARRATE_TEST_DEB=$(scripts/package-deb) swift test --skip-build --filter debianPackage`.
private enum DebianRoot {
    static let isRoot = getuid() == 0
    static let hasDebootstrap = ["/usr/sbin/debootstrap", "/usr/bin/debootstrap"]
        .contains { FileManager.default.isExecutableFile(atPath: $0) }
    /// The package named by `NARRATE_TEST_DEB`, when that file exists.
    static let package = ProcessInfo.processInfo.environment["NARRATE_TEST_DEB"]
        .flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
}

@Test(
    .enabled(
        if: DebianRoot.package != nil,
        "slow (over a minute): run scripts/test-deb, or NARRATE_TEST_DEB=$(scripts/package-deb) swift test --skip-build --filter debianPackage"),
    .enabled(if: DebianRoot.isRoot, "needs root to chroot into a fresh Debian root"),
    .enabled(if: DebianRoot.hasDebootstrap, "needs debootstrap (scripts/setup installs it)"),
    .timeLimit(.minutes(15)))
func debianPackageInstallsRunsAndRemovesCleanlyInAFreshDebianRoot() throws {
    let package = try #require(DebianRoot.package)
    let result = try NarrateProcess.run(
        program: NarrateProcess.packageRoot.appendingPathComponent("scripts/test-deb"), [package])
    #expect(result.status == 0, "\(result.stderr.suffix(3000))")
    #expect(result.stderr.contains("test-deb: ok:"))
}
