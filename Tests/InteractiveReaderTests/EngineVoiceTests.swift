import BookModel
import Foundation
@testable import InteractiveReader
import Narrator
import Testing

private func request(_ segments: [String], speed: Double = 1) -> ReaderSpeechRequest {
    let text = segments.joined()
    var words: [Range<Int>] = []
    var start: Int?
    for (index, scalar) in (Array(text.unicodeScalars) + [" "]).enumerated() {
        if scalar == " ", let begun = start {
            words.append(begun..<index)
            start = nil
        } else if scalar != " ", start == nil {
            start = index
        }
    }
    return ReaderSpeechRequest(segments: segments.map { .init(text: $0) }, words: words, speed: speed)
}

/// A player that keeps everything it is given in a file. SIGPIPE is
/// ignored, as the command line does before it starts a player (a stopped
/// player must give a write error, not end the test process).
private func recordingPlayer(_ file: URL, sampleRate: Int) -> SentencePlayer {
    signal(SIGPIPE, SIG_IGN)
    return SentencePlayer(sampleRate: sampleRate, environment: ["NARRATE_PLAYER": "cat >> '\(file.path)'", "PATH": "/usr/bin:/bin"])
}

private func waitForSize(_ file: URL, atLeast size: Int) -> Int {
    for _ in 0..<400 {
        let current = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        if current >= size { return current }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
}

@Test func wordTimesComeFromTheEnginesWordEvents() throws {
    let engine = RecordingSpeechEngine()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString).wav")
    defer { try? FileManager.default.removeItem(at: file) }
    let voice = EngineVoice(engine: engine, voice: nil, name: "test", player: recordingPlayer(file, sampleRate: 1000))
    let speech = request(["Up he ", "goes!"])
    let timing = try voice.start(speech)
    // The narrator's words: "goes" without its "!".
    #expect(timing.words.map(\.range) == [0..<2, 3..<5, 6..<10])
    // Ten samples a scalar at 1000 Hz: "Up" at 0, "he" after "Up " (30 samples).
    #expect(timing.words.map(\.time) == [0, 0.03, 0.06])
    #expect(timing.duration >= 0.11)
    #expect(engine.requests.map { $0.segments.map(\.text) } == [["Up he ", "goes!"]])
    voice.stop()
}

@Test func theReadersSpeedScalesTheEnginesRate() throws {
    let engine = RecordingSpeechEngine()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString).wav")
    defer { try? FileManager.default.removeItem(at: file) }
    let voice = EngineVoice(engine: engine, voice: nil, name: "test", player: recordingPlayer(file, sampleRate: 1000))
    _ = try voice.start(request(["Hop."], speed: 1))
    _ = try voice.start(request(["Hop."], speed: 2))
    let rates = engine.requests.map { $0.segments[0].parameters.wordsPerMinute }
    #expect(rates.count == 2 && rates[1] > rates[0])
    voice.stop()
}

@Test func sentencesPlayOneAfterAnotherOnOnePlayer() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString).wav")
    defer { try? FileManager.default.removeItem(at: file) }
    let player = recordingPlayer(file, sampleRate: 1000)
    try player.play([Int16](repeating: 1, count: 300))
    try player.play([Int16](repeating: 2, count: 200))
    // One WAV header (44 bytes), then both sentences.
    #expect(waitForSize(file, atLeast: 44 + 1000) == 44 + 1000)
    player.stop()
    try player.play([Int16](repeating: 3, count: 100))
    // A stop ends that player; the next sentence has a player and header of its own.
    #expect(waitForSize(file, atLeast: 2 * 44 + 1200) == 2 * 44 + 1200)
    player.stop()
}

@Test func aMissingPlayerIsReportedAsNoSoundDevice() {
    #expect(throws: OutputError.self) {
        try SentencePlayer.probe(sampleRate: 1000, environment: ["PATH": "/nonexistent"])
    }
}

/// A player that reads slowly, as a sound device does, and leaves a mark
/// when it is killed.
@Test func stopKillsThePlayerBeforeItReturns() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let killed = folder.appendingPathComponent("killed").path, reading = folder.appendingPathComponent("reading").path
    let command = """
        trap 'touch "\(killed)"; exit 0' TERM; touch "\(reading)"; \
        while :; do head -c 4410 > /dev/null; sleep 0.05; done
        """
    signal(SIGPIPE, SIG_IGN)  // the player is killed while written to, as the command line allows
    // A bound far beyond any load, so that what is tested is that stop() waits for the player, not how fast a shell exits.
    let player = SentencePlayer(
        sampleRate: 22050, environment: ["NARRATE_PLAYER": command, "PATH": "/usr/bin:/bin"], stopWait: 60)
    try player.play([Int16](repeating: 100, count: 22050 * 10))
    for _ in 0..<500 where !FileManager.default.fileExists(atPath: reading) { Thread.sleep(forTimeInterval: 0.01) }
    #expect(FileManager.default.fileExists(atPath: reading))
    player.stop()
    #expect(FileManager.default.fileExists(atPath: killed), "the player was still running when stop() returned")
}

@Test func theReaderKeepsExactPauses() throws {
    let engine = RecordingSpeechEngine()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString).wav")
    defer { try? FileManager.default.removeItem(at: file) }
    var options = NarrationOptions()
    options.exactPauses = true
    let voice = EngineVoice(
        engine: engine, voice: nil, name: "test", player: recordingPlayer(file, sampleRate: 1000), options: options)
    var speech = request(["Hop. "])
    speech.segments[0].prosody = Prosody(postUtteranceDelay: 0.2)
    // "Hop." 40 samples of tone, then the 0.2 s delay alone: its space and
    // the engine's end pause are cut.
    #expect(try voice.start(speech).duration == 0.24)
    voice.stop()
}
