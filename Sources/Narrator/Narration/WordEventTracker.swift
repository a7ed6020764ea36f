/// Follows one engine call: counts its samples on the output clock, keeps its
/// word events in order, moves each word's start to where its sound begins,
/// and notes where the speech begins and ends.
struct WordEventTracker {
    /// Output sample where the call's audio begins.
    let start: Int
    /// Output sample after the last one received.
    private(set) var clock: Int
    /// Word events so far, on the output clock, in increasing order.
    private(set) var events: [WordAligner.Event] = []
    /// Output sample after the last one above ``loudness``.
    private(set) var lastLoud: Int
    /// Output sample of the first one above ``onsetLoudness``; nil while the
    /// call has been silent.
    private(set) var firstAudible: Int?
    /// Events from this index on still wait for their onset. espeak often
    /// reports several words before it delivers their samples.
    private var firstUnresolved = 0

    /// Samples are speech above this amplitude, for the end of the last word.
    static let loudness: Int32 = 256
    /// A word starts at the first sample above this amplitude after its event:
    /// espeak reports the start of a word's phonemes, which can begin with
    /// ~12 ms of silence, and reports the word after a comma or a quotation
    /// mark at the start of the pause before it (up to ~140 ms). The search
    /// stops at the next word's event.
    static let onsetLoudness: Int32 = 32

    init(start: Int) {
        self.start = start
        clock = start
        lastLoud = start
    }

    /// Where the speech begins: the first audible sample, else the call's
    /// start.
    var speechStart: Int { firstAudible ?? start }

    /// Where the speech ends: after the last loud sample.
    var speechEnd: Int { max(lastLoud, start) }

    /// A word event at `sample` from the start of the call. Events that would
    /// go back in time are dropped, so timings stay monotonic.
    mutating func noteWord(segment: Int, offset: Int, at sample: Int) {
        let position = start + sample
        guard position >= (events.last?.sample ?? start) else { return }
        events.append(WordAligner.Event(segment: segment, offset: offset, sample: position))
    }

    /// The next buffer of the call's audio.
    mutating func noteSamples(_ samples: UnsafeBufferPointer<Int16>) {
        if let index = samples.lastIndex(where: { abs(Int32($0)) > Self.loudness }) {
            lastLoud = clock + index + 1
        }
        if firstAudible == nil, let index = samples.firstIndex(where: { abs(Int32($0)) > Self.onsetLoudness }) {
            firstAudible = clock + index
        }
        while firstUnresolved < events.count, resolveOnset(of: firstUnresolved, in: samples) {
            firstUnresolved += 1
        }
        clock += samples.count
    }

    /// Moves a word's start to the first audible sample in this buffer;
    /// returns true once the onset is found or the search has given up, false
    /// when it needs the next buffer.
    private mutating func resolveOnset(of index: Int, in samples: UnsafeBufferPointer<Int16>) -> Bool {
        let eventSample = events[index].sample
        let searchEnd = index + 1 < events.count ? events[index + 1].sample : Int.max
        let from = max(eventSample - clock, 0)
        let limit = min(samples.count, searchEnd - clock)
        if from < limit, let found = (from..<limit).first(where: { abs(Int32(samples[$0])) > Self.onsetLoudness }) {
            events[index].sample = clock + found
            return true
        }
        return clock + samples.count >= searchEnd
    }
}
