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
