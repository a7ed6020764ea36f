import Narrator

/// Keeps every sample in memory, for checking audio in tests.
final class MemorySink: AudioSink {
    private(set) var samples: [Int16] = []
    private(set) var finishCount = 0

    func write(_ buffer: UnsafeBufferPointer<Int16>) throws(OutputError) {
        samples.append(contentsOf: buffer)
    }

    func writeSilence(count: Int) throws(OutputError) {
        samples.append(contentsOf: repeatElement(0, count: count))
    }

    func finish() throws(OutputError) {
        finishCount += 1
    }
}

/// Runs of quiet samples in audio, for finding pauses.
enum Silence {
    /// Quiet runs at least `minimum` samples long, as sample ranges.
    static func runs(in samples: [Int16], minimum: Int, threshold: Int16 = 256) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (index, sample) in samples.enumerated() {
            if abs(Int32(sample)) <= Int32(threshold) {
                if start == nil { start = index }
            } else if let begin = start {
                if index - begin >= minimum { runs.append(begin..<index) }
                start = nil
            }
        }
        if let begin = start, samples.count - begin >= minimum { runs.append(begin..<samples.count) }
        return runs
    }
}

/// Records what a narration reports.
final class TimingRecorder: NarrationObserver {
    private(set) var timings: [UtteranceTiming] = []
    private(set) var pages: [(page: Int, sample: Int)] = []
    func utteranceSpoken(_ timing: UtteranceTiming) { timings.append(timing) }
    func pageStarted(_ page: Int, atSample sample: Int) { pages.append((page, sample)) }
}
