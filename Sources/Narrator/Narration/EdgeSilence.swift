/// Which ends of a group's speech lose the engine's own silence, so that
/// the delay beside them is the whole silence a listener hears
/// (``NarrationOptions/exactPauses``).
struct EdgeTrim: Hashable {
    /// The silence before the first sound goes (the group follows a delay,
    /// or starts a page or the narration).
    var leading = false
    /// The silence after the last sound goes (a delay follows).
    var trailing = false

    static let none = EdgeTrim()
}

/// One engine call held in memory, so that its leading and trailing silence
/// can be cut before anything is written: samples at or below
/// ``quietest`` count as silence (about −60 dBFS, the level where
/// ``WordEventTracker`` finds a word's onset).
struct RecordedSpeech {
    private(set) var samples: [Int16] = []
    private(set) var words: [(segment: Int, range: Range<Int>, sample: Int)] = []

    static let quietest: Int32 = WordEventTracker.onsetLoudness

    mutating func record(_ event: SpeechEvent) {
        switch event {
        case .samples(let buffer): samples.append(contentsOf: buffer)
        case .word(let segment, let range, let sample): words.append((segment, range, sample))
        }
    }

    /// The samples kept once `trim` is applied.
    func kept(_ trim: EdgeTrim) -> Range<Int> {
        let isSound = { (sample: Int16) in abs(Int32(sample)) > Self.quietest }
        guard let first = samples.firstIndex(where: isSound), let last = samples.lastIndex(where: isSound) else {
            return trim.leading || trim.trailing ? 0..<0 : 0..<samples.count
        }
        return (trim.leading ? first : 0)..<(trim.trailing ? last + 1 : samples.count)
    }

    /// Replays the call with `trim` applied: word events first (moved with
    /// the cut, kept inside the audio), then the kept samples. Stops when
    /// `deliver` returns false.
    func replay(_ trim: EdgeTrim, to deliver: (SpeechEvent) -> Bool) {
        let kept = kept(trim)
        for word in words {
            let sample = min(max(word.sample - kept.lowerBound, 0), kept.count)
            guard deliver(.word(segment: word.segment, range: word.range, sample: sample)) else { return }
        }
        guard !kept.isEmpty else { return }
        samples[kept].withUnsafeBufferPointer { _ = deliver(.samples($0)) }
    }
}
