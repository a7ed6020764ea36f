import BookModel

/// Renders one ``SpeechGroup`` into a sink and works out its timings from the
/// engine's word events.
struct GroupRenderer {
    let engine: any SpeechEngine
    let mapping: ProsodyMapping
    let sink: any AudioSink
    /// Samples are "speech" above this amplitude, for the end of the last word.
    static let loudness: Int16 = 256
    /// A word starts at the first sample above this amplitude after espeak's
    /// word event (espeak reports the start of the word's phonemes, which can
    /// begin with up to ~15 ms of silence), looking no further than
    /// ``onsetSearch`` samples.
    static let onsetLoudness: Int16 = 32
    static let onsetSearch = 2205

    /// What rendering a group gave.
    struct Outcome {
        var timings: [UtteranceTiming]
        var wasInterrupted: Bool
    }

    private struct WordEvent {
        var segment: Int
        var range: Range<Int>
        var sample: Int
    }

    /// Renders `group` starting at output sample `clock`, which it advances.
    func render(_ group: SpeechGroup, clock: inout Int, shouldStop: () -> Bool) throws(NarrationError) -> Outcome {
        try writeSilence(seconds: group.preDelay, clock: &clock)
        let groupStart = clock
        var words: [WordEvent] = []
        var lastLoud = clock
        var pendingOnset: Int?
        var outputError: OutputError?
        var stopped = false
        let request = self.request(for: group)
        do {
            try engine.render(request) { event in
                if shouldStop() {
                    stopped = true
                    return false
                }
                switch event {
                case .word(let segment, let range, let sample):
                    // Keep timings monotonic whatever the engine reports.
                    if sample + groupStart >= (words.last?.sample ?? groupStart) {
                        words.append(WordEvent(segment: segment, range: range, sample: groupStart + sample))
                        pendingOnset = words.count - 1
                    }
                case .samples(let samples):
                    do throws(OutputError) { try sink.write(samples) } catch {
                        outputError = error
                        return false
                    }
                    if let index = samples.lastIndex(where: { abs(Int32($0)) > Int32(Self.loudness) }) {
                        lastLoud = clock + index + 1
                    }
                    if let pending = pendingOnset {
                        switch Self.onset(after: words[pending].sample, in: samples, at: clock) {
                        case .found(let sample): words[pending].sample = sample; pendingOnset = nil
                        case .abandon: pendingOnset = nil
                        case .later: break
                        }
                    }
                    clock += samples.count
                }
                return true
            }
        } catch { throw .speech(error) }
        if let outputError { throw .output(outputError) }
        let timings = Self.timings(group, words: words, from: groupStart, speechEnd: max(lastLoud, groupStart), clock: clock)
        if stopped {
            // Only utterances that end before the last word espeak began are
            // surely complete.
            let cut = words.last?.sample ?? groupStart
            return Outcome(timings: timings.filter { $0.endSample <= cut && $0.startSample < cut }, wasInterrupted: true)
        }
        try writeSilence(seconds: group.postDelay, clock: &clock)
        return Outcome(timings: timings, wasInterrupted: false)
    }

    private enum Onset { case found(Int), later, abandon }

    /// Where sound begins at or after `sample` within a buffer that starts
    /// at output sample `start`.
    private static func onset(after sample: Int, in samples: UnsafeBufferPointer<Int16>, at start: Int) -> Onset {
        let from = max(sample - start, 0)
        let limit = min(samples.count, sample + onsetSearch - start)
        guard from < limit else { return start + samples.count >= sample + onsetSearch ? .abandon : .later }
        for index in from..<limit where abs(Int32(samples[index])) > Int32(onsetLoudness) {
            return .found(start + index)
        }
        return limit < samples.count ? .abandon : .later
    }

    func request(for group: SpeechGroup) -> SpeechRequest {
        let texts = SpeakableText.prepare(group.utterances.map(\.text))
        let segments = zip(texts, group.utterances).map { text, utterance in
            SpeechSegment(text, parameters: mapping.parameters(for: utterance.prosody))
        }
        return SpeechRequest(voice: group.voice, segments: segments, endsClause: group.endsClause)
    }

    private func writeSilence(seconds: Double?, clock: inout Int) throws(NarrationError) {
        let count = ProsodyMapping.silenceSamples(seconds: seconds, sampleRate: engine.sampleRate)
        guard count > 0 else { return }
        do throws(OutputError) { try sink.writeSilence(count: count) } catch { throw .output(error) }
        clock += count
    }

    private static func timings(
        _ group: SpeechGroup, words: [WordEvent], from groupStart: Int, speechEnd: Int, clock: Int
    ) -> [UtteranceTiming] {
        let aligner = WordAligner(texts: group.utterances.map(\.text))
        let events = words.map { WordAligner.Event(segment: $0.segment, offset: $0.range.lowerBound, sample: $0.sample) }
        let bySegment = aligner.align(events, start: groupStart, speechEnd: speechEnd, limit: clock)
        var previousEnd = groupStart
        return group.utterances.indices.map { index in
            let utteranceWords = bySegment[index]
            let start = utteranceWords.first?.startSample ?? previousEnd
            let end = utteranceWords.last?.endSample ?? start
            previousEnd = end
            let utterance = group.utterances[index]
            return UtteranceTiming(
                position: group.positions[index], text: utterance.text, source: utterance.source,
                startSample: start, endSample: end, words: utteranceWords)
        }
    }
}
