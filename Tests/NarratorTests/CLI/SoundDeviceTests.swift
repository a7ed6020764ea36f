import Foundation
import Testing

/// `narrate speak` without `-o`, heard on a real (if virtual) sound device:
/// a private PulseAudio or PipeWire server with a null sink whose monitor is
/// recorded. scripts/setup installs both (apt: pulseaudio pulseaudio-utils
/// pipewire pipewire-bin wireplumber dbus); the tests of a server that is not
/// installed are cancelled, saying what is missing.
@Suite(.serialized)
struct SoundDeviceTests {
    private static let rate = 22050

    @Test(arguments: SoundServers.all)
    func playsTheWholeBookOnTheSoundDevice(server name: String) throws {
        let scratch = try ScratchDirectory()
        let plist = try scratch.perWordPlist("story.plist", pages: [
            "Whirly, twirly, the squirrel ran up the tall tree.", "Then he hid his acorn in a hole.",
        ])
        let server = try SoundServers.start(name)  // cancels the test when the server is not installed
        let recording = scratch.file("recording.wav")
        let recorder = try server.record(to: recording, rate: Self.rate)
        let played = try NarrateProcess(arguments: ["speak", plist, "--quiet"], environment: server.environment).run()
        #expect(!played.stderr.contains("warning"), "\(name)")
        sleep(1)
        server.stop(recorder)
        #expect(played.status == 0, "\(name): \(played.stderr)")

        let file = scratch.file("story.wav")
        #expect(try NarrateProcess(arguments: ["speak", plist, "-o", file]).run().status == 0)
        let heard = try LoudnessEnvelope(wav: recording, rate: Self.rate)
        let rendered = try LoudnessEnvelope(wav: file, rate: Self.rate)
        #expect(rendered.loudSeconds() > 2)
        // The server resamples, so loudness at the threshold differs a little.
        #expect(heard.loudSeconds() >= 0.8 * rendered.loudSeconds(), "\(name): part of the book was not played")
        #expect(heard.bestCorrelation(with: rendered) > 0.9, "\(name): what was played is not the book")
    }

    @Test(arguments: SoundServers.all)
    func ctrlCSilencesTheSoundDeviceAtOnce(server name: String) throws {
        let scratch = try ScratchDirectory()
        let text = scratch.file("long.txt")
        let sentence = "The squirrel ran up the tall tree and hid his acorn in a hole. "
        try String(repeating: sentence, count: 12).write(toFile: text, atomically: true, encoding: .utf8)
        let server = try SoundServers.start(name)  // cancels the test when the server is not installed
        let recording = scratch.file("recording.wav")
        let recorder = try server.record(to: recording, rate: Self.rate)
        let (process, _, errors) = try NarrateProcess(arguments: ["speak", text], environment: server.environment).start()
        // Interrupt once a second of speech has been heard, however slow the machine.
        var interruptedAt: Double?
        for _ in 0..<300 where interruptedAt == nil {
            let heard = LoudnessEnvelope(growingWAV: recording, rate: Self.rate)
            if heard.loudSeconds() >= 1 { interruptedAt = heard.duration } else { usleep(100_000) }
        }
        process.interrupt()
        process.waitUntilExit()
        sleep(2)
        server.stop(recorder)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130)
        #expect(message.contains("narrate: interrupted"))

        let file = scratch.file("long.wav")
        #expect(try NarrateProcess(arguments: ["speak", text, "-o", file]).run().status == 0)
        let rendered = try LoudnessEnvelope(wav: file, rate: Self.rate)
        let heard = try LoudnessEnvelope(wav: recording, rate: Self.rate)
        #expect(rendered.loudSeconds() > 20)
        let interrupt = try #require(interruptedAt, "\(name): nothing was heard")
        // The player held several seconds of rendered audio when Ctrl-C came:
        // none of it may be heard a moment later.
        let afterwards = heard.loudSeconds(from: interrupt + 0.75)
        #expect(afterwards < 0.25, "\(name): \(afterwards) s heard after Ctrl-C")
        // The recording went on for two seconds after narrate ended (less
        // what the recorder still buffered), so the check above had audio to look at.
        #expect(heard.duration > interrupt + 1.25)
    }
}
