import Testing

@testable import Rendering

/// What `narrate align` shows on a terminal.
struct AlignProgressTests {
    @Test func bothSidesAreShownWhileTheyRun() {
        #expect(AlignProgress.line(stage: "", spoken: 250.8, decoded: 1_800, recordingSeconds: 4_000)
            == "speaking the text (4:10.8 so far), decoding the recording (45%)")
        #expect(AlignProgress.line(stage: "", spoken: 0, decoded: 5_000, recordingSeconds: 4_000)
            == "speaking the text (0.0 s so far), decoding the recording (100%)", "a recording longer than its headers said stops at 100%")
        #expect(AlignProgress.line(stage: "", spoken: 12, decoded: 75.25, recordingSeconds: nil)
            == "speaking the text (12.0 s so far), decoding the recording (1:15.2 so far)", "no length: the time decoded")
    }

    @Test func afterwardsTheStage() {
        #expect(AlignProgress.line(stage: "aligning", spoken: nil, decoded: 4_000, recordingSeconds: 4_000) == "aligning")
    }
}
