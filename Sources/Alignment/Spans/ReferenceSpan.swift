/// A stretch of the synthesised reference whose times are known exactly:
/// an utterance (a sentence, or a clause of a long one) and its words.
public struct ReferenceSpan: Hashable, Sendable {
    /// From its first sample of speech to one past its last, in reference samples.
    public var samples: Range<Int>
    /// Each word's samples, in order, in reference samples.
    public var words: [Range<Int>]

    public init(samples: Range<Int>, words: [Range<Int>]) {
        self.samples = samples
        self.words = words
    }
}

/// Where a ``ReferenceSpan`` is heard in the recording.
public struct AlignedSpan: Hashable, Sendable {
    /// Whether it was found in the recording.
    public enum Status: Hashable, Sendable {
        /// Found: its times are usable.
        case aligned
        /// The recording does not seem to hold it (a sentence not read, or
        /// read so differently that the match is poor); its times are the
        /// aligner's guess and should not be shown.
        case notFound
    }

    /// From its first sample of speech to one past its last, in recording samples.
    public var samples: Range<Int>
    /// Each word's samples, in recording samples.
    public var words: [Range<Int>]
    /// How sure the aligner is, from 0 (a guess) to 1.
    public var confidence: Double
    public var status: Status

    public init(samples: Range<Int>, words: [Range<Int>], confidence: Double, status: Status) {
        self.samples = samples
        self.words = words
        self.confidence = confidence
        self.status = status
    }
}

extension AlignedSpan {
    /// The span with its words in order inside it: each starts at least
    /// `minimum` samples after the one before (less when the span is too
    /// short to give every word that much), lasts at least as long, and
    /// ends by the next one's start. The warping path, the line fitted to
    /// it and the moves to a pause's end can each leave two words at one
    /// place or a word ending before it starts; a read-along book gives
    /// such a word no clip (a CI run of 2026-12-03: 256 clips for 257 words).
    public func wordsInOrder(minimum: Int) -> AlignedSpan {
        guard !words.isEmpty else { return self }
        let count = words.count
        let step = max(min(minimum, samples.count / count), 0)
        var starts = words.map(\.lowerBound)
        for index in starts.indices {
            starts[index] = max(starts[index], index == 0 ? samples.lowerBound : starts[index - 1] + step)
        }
        for index in starts.indices {
            starts[index] = min(starts[index], samples.upperBound - (count - index) * step)
        }
        var span = self
        span.words = starts.indices.map { index in
            let next = index + 1 < count ? starts[index + 1] : samples.upperBound
            return starts[index]..<max(min(max(words[index].upperBound, starts[index] + step), next), starts[index])
        }
        return span
    }
}
