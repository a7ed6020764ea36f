@testable import Narrator
import Testing

struct WordEventTrackerTests {
    /// Feeds `samples` to the tracker as one buffer.
    private func feed(_ samples: [Int16], to tracker: inout WordEventTracker) {
        samples.withUnsafeBufferPointer { tracker.noteSamples($0) }
    }

    /// Silence, then sound: `silent` zeros followed by `loud` samples of 1000.
    private func sound(after silent: Int, loud: Int) -> [Int16] {
        Array(repeating: 0, count: silent) + Array(repeating: 1000, count: loud)
    }

    @Test func everyWordReportedBeforeItsSamplesStartsAtItsSound() {
        // espeak often reports two or three words before the first buffer.
        var tracker = WordEventTracker(start: 500)
        tracker.noteWord(segment: 0, offset: 0, at: 0)
        tracker.noteWord(segment: 0, offset: 5, at: 4000)
        feed(sound(after: 1080, loud: 2920) + sound(after: 260, loud: 3000), to: &tracker)
        #expect(tracker.events.map(\.sample) == [500 + 1080, 500 + 4260])
        #expect(tracker.clock == 500 + 7260)
    }

    @Test func anOnsetIsNeverMovedPastTheNextWord() {
        var tracker = WordEventTracker(start: 0)
        tracker.noteWord(segment: 0, offset: 0, at: 0)
        tracker.noteWord(segment: 0, offset: 3, at: 300)
        feed(sound(after: 800, loud: 1000), to: &tracker)
        #expect(tracker.events.map(\.sample) == [0, 800])
    }

    @Test func aWordReportedAtTheStartOfAPauseStartsWhereTheSoundResumes() {
        // espeak reports "jurymen" in 'However, “jurymen”' at the start of
        // the comma's pause, 140 ms before it is heard.
        var tracker = WordEventTracker(start: 0)
        tracker.noteWord(segment: 0, offset: 10, at: 1000)
        feed(sound(after: 1000 + 3100, loud: 2000), to: &tracker)
        #expect(tracker.events.map(\.sample) == [4100])
    }

    @Test func anOnsetIsLookedForInLaterBuffers() {
        var tracker = WordEventTracker(start: 0)
        tracker.noteWord(segment: 0, offset: 0, at: 100)
        feed(sound(after: 1000, loud: 0), to: &tracker)
        feed(sound(after: 200, loud: 100), to: &tracker)
        #expect(tracker.events.map(\.sample) == [1200])
    }

    @Test func theSpeechStartsAtTheFirstAudibleSampleOfTheCall() {
        // espeak reports no word for "“No”—said": the first word's time has
        // to start where the sound does, not where the call does.
        var tracker = WordEventTracker(start: 100)
        #expect(tracker.speechStart == 100)
        feed(sound(after: 2427, loud: 500), to: &tracker)
        #expect(tracker.speechStart == 100 + 2427)
        #expect(tracker.speechEnd == 100 + 2927)
    }
}
