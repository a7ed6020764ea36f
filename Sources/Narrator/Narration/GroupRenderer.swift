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
            // The utterance being spoken when the render stopped may be cut.
            let complete = timings.lastIndex { !$0.words.isEmpty }.map { Array(timings[..<$0]) } ?? []
            return Outcome(timings: complete, wasInterrupted: true)
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

    /// The word's range inside the text, without punctuation at its ends
    /// (espeak includes a trailing period) unless nothing else is left.
    static func trimmed(_ range: Range<Int>, in scalars: [Unicode.Scalar]) -> Range<Int> {
        var lower = min(max(range.lowerBound, 0), scalars.count)
        var upper = min(max(range.upperBound, lower), scalars.count)
        let isWordScalar = { (s: Unicode.Scalar) in s.properties.isAlphabetic || s.properties.numericType != nil }
        while upper > lower + 1, !isWordScalar(scalars[upper - 1]) { upper -= 1 }
        while lower + 1 < upper, !isWordScalar(scalars[lower]) { lower += 1 }
        return lower..<upper
    }

    private func writeSilence(seconds: Double?, clock: inout Int) throws(NarrationError) {
        let count = ProsodyMapping.silenceSamples(seconds: seconds, sampleRate: engine.sampleRate)
        guard count > 0 else { return }
        do throws(OutputError) { try sink.writeSilence(count: count) } catch { throw .output(error) }
        clock += count
    }

    /// Each word ends where the next begins; the last ends with the last loud
    /// sample. An utterance spans its words; one without words sits where
    /// the previous one ended.
    private static func timings(
        _ group: SpeechGroup, words: [WordEvent], from groupStart: Int, speechEnd: Int, clock: Int
    ) -> [UtteranceTiming] {
        var bySegment = Array(repeating: [WordTiming](), count: group.utterances.count)
        let scalarsBySegment = group.utterances.map { Array($0.text.unicodeScalars) }
        for (index, word) in words.enumerated() where bySegment.indices.contains(word.segment) {
            let next = index + 1 < words.count ? words[index + 1].sample : max(speechEnd, word.sample)
            let scalars = scalarsBySegment[word.segment]
            let range = Self.trimmed(word.range, in: scalars)
            let text = String(String.UnicodeScalarView(scalars[range]))
            bySegment[word.segment].append(
                WordTiming(text: text, range: range, startSample: word.sample, endSample: min(max(next, word.sample), clock)))
        }
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
