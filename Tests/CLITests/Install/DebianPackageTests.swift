import Foundation
import Testing

/// When the Debian package test can run: it chroots into a fresh Debian 12
/// root (root, debootstrap, a mirror) and builds release, so it is slow
/// (~1.5 min with a cached root, ~2.5 min without) and asked for by name.
private enum DebianRoot {
    static let isRoot = getuid() == 0
    static let hasDebootstrap = ["/usr/sbin/debootstrap", "/usr/bin/debootstrap"]
        .contains { FileManager.default.isExecutableFile(atPath: $0) }
    static let requested = ProcessInfo.processInfo.environment["NARRATE_TEST_DEB"] == "1"
}

@Test(
    .enabled(if: DebianRoot.requested, "slow (minutes): run with NARRATE_TEST_DEB=1 swift test --filter debianPackage, or scripts/test-deb"),
    .enabled(if: DebianRoot.isRoot, "needs root to chroot into a fresh Debian root"),
    .enabled(if: DebianRoot.hasDebootstrap, "needs debootstrap (scripts/setup installs it)"),
    .timeLimit(.minutes(15)))
func debianPackageInstallsRunsAndRemovesCleanlyInAFreshDebianRoot() throws {
    let deb = NarrateProcess.packageRoot.appendingPathComponent("scripts/test-deb")
    let result = try NarrateProcess.run(program: deb, [])
    #expect(result.status == 0, "\(result.stderr.suffix(3000))")
    #expect(result.stderr.contains("test-deb: ok:"))
}
