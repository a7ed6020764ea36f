import BookModel

/// Renders one ``SpeechGroup`` into a sink and works out its timings from the
/// engine's word events.
struct GroupRenderer {
    let engine: any SpeechEngine
    let mapping: ProsodyMapping
    let sink: any AudioSink
    /// Applies the utterances' pronunciations for the group's voice.
    var pronouncer: Pronouncer? = nil

    /// What rendering a group gave.
    struct Outcome {
        var timings: [UtteranceTiming]
        var wasInterrupted: Bool
    }

    /// Renders `group` starting at output sample `clock`, which it advances.
    /// - Parameter trim: the ends whose engine silence is cut (see
    ///   ``NarrationOptions/exactPauses``); the call is then held in memory
    ///   until it ends.
    func render(_ group: SpeechGroup, clock: inout Int, trim: EdgeTrim = .none, shouldStop: () -> Bool)
        throws(NarrationError) -> Outcome
    {
        try writeSilence(seconds: group.preDelay, clock: &clock)
        var tracker = WordEventTracker(start: clock)
        var outputError: OutputError?
        var stopped = false
        func deliver(_ event: SpeechEvent) -> Bool {
            switch event {
            case .word(let segment, let range, let sample):
                tracker.noteWord(segment: segment, offset: range.lowerBound, at: sample)
            case .samples(let samples):
                do throws(OutputError) { try sink.write(samples) } catch {
                    outputError = error
                    return false
                }
                tracker.noteSamples(samples)
            }
            return true
        }
        var recorded = trim == .none ? nil : RecordedSpeech()
        do {
            try engine.render(request(for: group)) { event in
                if shouldStop() {
                    stopped = true
                    return false
                }
                guard recorded == nil else {
                    recorded?.record(event)
                    return true
                }
                return deliver(event)
            }
        } catch { throw .speech(error) }
        recorded?.replay(trim, to: deliver)
        if let outputError { throw .output(outputError) }
        clock = tracker.clock
        let timings = Self.timings(group, tracker: tracker)
        if stopped {
            // Only utterances that end before the last word espeak began are
            // surely complete.
            let cut = tracker.events.last?.sample ?? tracker.start
            return Outcome(timings: timings.filter { $0.endSample <= cut && $0.startSample < cut }, wasInterrupted: true)
        }
        try writeSilence(seconds: group.postDelay, clock: &clock)
        return Outcome(timings: timings, wasInterrupted: false)
    }

    func request(for group: SpeechGroup) -> SpeechRequest {
        let texts = EngineInput(group.utterances, language: group.voice)
        let pronounced = pronouncer?.pronounce(
            texts.prepared, utterances: texts.pronounceable, positions: group.positions, voice: group.voice)
        let usesPhonemes = pronounced?.contains(where: \.usesPhonemes) ?? false
        let segments = group.utterances.indices.map { index in
            texts.segment(
                index, pronounced: pronounced?[index], groupUsesPhonemes: usesPhonemes,
                parameters: mapping.parameters(for: group.utterances[index].prosody))
        }
        return SpeechRequest(voice: group.voice, segments: segments, endsClause: group.endsClause)
    }

    private func writeSilence(seconds: Double?, clock: inout Int) throws(NarrationError) {
        let count = ProsodyMapping.silenceSamples(seconds: seconds, sampleRate: engine.sampleRate)
        guard count > 0 else { return }
        do throws(OutputError) { try sink.writeSilence(count: count) } catch { throw .output(error) }
        clock += count
    }

    /// Every utterance's timing, with every word (see ``WordAligner``).
    private static func timings(_ group: SpeechGroup, tracker: WordEventTracker) -> [UtteranceTiming] {
        let aligner = WordAligner(texts: group.utterances.map(\.text))
        let bySegment = aligner.align(
            tracker.events, start: tracker.speechStart, speechEnd: tracker.speechEnd, limit: tracker.clock)
        var previousEnd = tracker.start
        return group.utterances.indices.map { index in
            let utteranceWords = bySegment[index]
            let start = utteranceWords.first?.startSample ?? previousEnd
            let end = utteranceWords.last?.endSample ?? start
            previousEnd = end
            let utterance = group.utterances[index]
            return UtteranceTiming(
                position: group.positions[index], text: utterance.text, source: utterance.source,
                startSample: start, endSample: end, words: utteranceWords, language: utterance.language)
        }
    }
}
