import BookModel
import Foundation
import InteractiveReader
import Narrator
import Testing

/// The reader's highlight against what the sound device plays, over a long
/// read (issue 18): `ReaderSession` with the espeak-ng voice on a private
/// PulseAudio server whose sink is recorded, driven by a loop like
/// `narrate read`'s (wait for the next deadline in whole milliseconds, then
/// update; no drawing). For every sentence, the moment its first word was
/// highlighted minus the moment its sound begins in the recording must stay
/// what it was for the second sentence (the first also starts the player),
/// within 20 ms over the last tenth of the read. The constant part (the
/// player's start-up and the device's buffer) is not measured here.
///
/// It reads aloud in real time, so it runs only for bench/reader-drift.sh,
/// which sets NARRATE_READER_DRIFT_MINUTES.
@Suite(.serialized)
struct ReaderDriftTests {
    static let minutes = ProcessInfo.processInfo.environment["NARRATE_READER_DRIFT_MINUTES"].flatMap(Double.init)
    private static let rate = 22050
    /// A pause this long ends a sentence ("The cat sat on the mat." has no
    /// other pause).
    private static let sentencePause = 0.3

    @Test(.enabled(if: minutes != nil, "reads aloud in real time: only for bench/reader-drift.sh (NARRATE_READER_DRIFT_MINUTES)"))
    func theHighlightStaysOnTheSoundThroughALongRead() throws {
        let seconds = (Self.minutes ?? 0) * 60
        let server = try SoundServers.start(SoundServers.pulseAudio)
        let scratch = try ScratchDirectory()
        let recording = scratch.file("heard.wav")
        let recorder = try server.record(to: recording, rate: Self.rate)
        let highlighted = try read(sentences: Int(seconds / 1.5) + 1, environment: server.environment)
        sleep(1)
        server.stop(recorder)
        let heard = try OnsetFinder.onsets(wav: recording, pause: Self.sentencePause).onsets.map { Double($0) / Double(Self.rate) }
        try #require(heard.count == highlighted.count, "\(heard.count) sentences heard, \(highlighted.count) highlighted")
        try #require(heard.count >= 3)
        // The first sentence also starts the player; from the second on the
        // sound runs without a gap, and so must the highlight.
        let offsets = zip(highlighted, heard).map { ($0 - $1) * 1000 }
        let drift = offsets.dropFirst().map { $0 - offsets[1] }
        let sorted = drift.map(abs).sorted()
        let lastTenth = drift.suffix(max(1, drift.count / 10)).sorted()
        let end = lastTenth[lastTenth.count / 2]
        print(String(format: "reader drift over %.0f s, %d sentences: highlight minus sound, change since the second sentence: %+.1f ms in the last tenth (median); over all, median %.1f ms, 90th percentile %.1f ms, largest %.1f ms, %d over 20 ms; first sentence %+.1f ms",
                     heard.last ?? 0, heard.count, end, sorted[sorted.count / 2], sorted[sorted.count * 9 / 10], sorted.last ?? 0,
                     sorted.filter { $0 > 20 }.count, offsets[0] - offsets[1]))
        // A late wake-up of the loop on a busy machine shows one word late
        // (not counted); drift moves every word after it.
        #expect(abs(end) <= 20)
    }

    /// Reads `count` sentences aloud; returns when (seconds on the
    /// monotonic clock) each sentence's first word was highlighted.
    private func read(sentences count: Int, environment: [String: String]) throws -> [Double] {
        let engine = try ESpeakEngine()
        let player = SentencePlayer(sampleRate: engine.sampleRate, environment: environment)
        let voice = EngineVoice(engine: engine, voice: nil, name: "en", player: player)
        let page = Page(utterances: (0..<count).map { _ in Utterance("The cat sat on the mat. ") })
        let session = ReaderSession(state: ReaderState(pages: [page]), voice: voice, language: "en")
        var starts: [Double] = []
        try session.begin(at: Self.now())
        while !session.state.isFinished && !session.state.isPaused {
            if session.state.word != nil, starts.count == session.state.sentence { starts.append(Self.now()) }
            let timeout = session.nextDeadline(after: Self.now()).map { $0 - Self.now() } ?? 0.1
            poll(nil, 0, Int32(min(max(timeout, 0), 0.1) * 1000))
            try session.update(at: Self.now())
        }
        sleep(2)
        session.interrupt()
        return starts
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
