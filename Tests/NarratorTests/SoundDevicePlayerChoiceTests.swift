import Testing

@testable import Narrator

/// Which player program `narrate speak` pipes into, by the sound server
/// that is running rather than by what happens to be installed.
struct SoundDevicePlayerChoiceTests {
    private func choice(sockets: Set<String>, environment: [String: String] = [:],
        installed: @escaping (String) -> Bool = { _ in true }) -> String?
    {
        var environment = environment
        environment["XDG_RUNTIME_DIR"] = "/run/user/1000"
        environment["PATH"] = "/usr/bin"
        let player = SoundDevicePlayer.choosePlayer(
            environment: environment, isExecutable: installed, exists: { sockets.contains($0) })
        return player.map { $0.path.split(separator: "/").last.map(String.init) ?? "" }
    }

    @Test func pipeWireSocketChoosesPwPlay() {
        #expect(choice(sockets: ["/run/user/1000/pipewire-0", "/run/user/1000/pulse/native"]) == "pw-play")
    }

    @Test func pulseAudioAloneChoosesPaplayEvenWithPwPlayInstalled() {
        #expect(choice(sockets: ["/run/user/1000/pulse/native"]) == "paplay")
        #expect(choice(sockets: [], environment: ["PULSE_SERVER": "unix:/tmp/x"]) == "paplay")
    }

    @Test func noServerChoosesAplay() {
        #expect(choice(sockets: []) == "aplay")
    }

    @Test func missingPreferredPlayerFallsBackToAnInstalledOne() {
        #expect(choice(sockets: ["/run/user/1000/pulse/native"], installed: { $0.hasSuffix("aplay") && !$0.hasSuffix("paplay") }) == "aplay")
        #expect(choice(sockets: [], installed: { _ in false }) == nil)
    }

    @Test func paplayIsAskedForLowLatencyAndReadsWAV() throws {
        let paplay = try #require(SoundDevicePlayer.choosePlayer(
            environment: ["PULSE_SERVER": "x", "PATH": "/usr/bin"], isExecutable: { _ in true }, exists: { _ in false }))
        #expect(paplay.program.arguments(22050) == ["--latency-msec=100"])
        #expect(!paplay.program.readsRawPCM)
    }

    /// pw-play reads `-` as raw samples at 48 kHz stereo unless told otherwise.
    @Test func pwPlayIsToldTheFormatOfRawSamples() throws {
        let pwPlay = try #require(SoundDevicePlayer.choosePlayer(
            environment: ["PIPEWIRE_REMOTE": "x", "PATH": "/usr/bin"], isExecutable: { _ in true }, exists: { _ in false }))
        #expect(pwPlay.program.arguments(22050) == ["--rate=22050", "--channels=1", "--format=s16", "-"])
        #expect(pwPlay.program.readsRawPCM)
    }
}
