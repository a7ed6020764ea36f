/// Where a recording's sound begins and ends, from its loudness: the
/// silence or low noise before and after the speech is never matched with
/// the text. Open ends let the warping leave out material before and after
/// the text, but a long quiet stretch matched far more cheaply than speech
/// it did not belong to: with 30 s of silence (or of −60 dB noise) before
/// or after a 73 s reading, the whole text was put 22–35 s away from its
/// sound, and with ten minutes after it, up to 600 s.
public struct AudibleStretch: Sendable {
    /// Each recording frame's loudness (dB).
    public let loudness: [Float]
    /// Loudness a frame must reach to count as sound: ``belowPeak`` under
    /// the recording's speech peak (its 99th percentile).
    public let threshold: Float

    /// How far under the speech peak sound may be; 25 dB. Measured: at
    /// 30 dB, ten minutes of pink noise at −48 dBFS after a reading that
    /// peaks at −17 dBFS passed for sound (its loudest hops reach −44), and
    /// the text was put 594 s late; a half-second margin covers the quiet
    /// consonants a reading may begin or end with.
    public static let belowPeak: Float = 25
    /// Frames looked at together (about 200 ms): sound is where half of
    /// them reach the threshold, so that a click in the noise is not taken for speech.
    public static let window = 20
    /// Frames kept before the first sound and after the last (about 500 ms).
    public static let margin = 50
    /// Speech rises and falls with its syllables: within a second its
    /// loudest tenth stands at least this far above its quietest (the 90th
    /// and 10th percentiles); 8 dB. Steady noise as loud as the speech's
    /// quiet parts does not (pink noise: 4.7 dB, at most 6.2; a Piper
    /// reading: 35 dB), so it is not taken for the reading's first or
    /// last sound: five minutes of pink noise at −40 and −30 dBFS after a
    /// reading peaking at −15 dBFS had put the whole text in the noise.
    public static let liveliness: Float = 8
    /// Frames whose loudness spread is measured (about 1 s), centred on a candidate.
    public static let livelinessWindow = 100

    public init(loudness: [Float]) {
        self.loudness = loudness
        threshold = (Loudness.percentile(99, of: loudness) ?? 0) - Self.belowPeak
    }

    /// Whether the recording has any sound: its speech peak (99th
    /// percentile of the hops' loudness) reaches ``silentBelow``.
    public var hasSound: Bool { threshold + Self.belowPeak >= Self.silentBelow }

    /// A recording whose peak stays under this is silent; −60 dBFS.
    public static let silentBelow: Float = -60

    /// The part of `columns` from ``margin`` frames before its first sound
    /// to ``margin`` frames after its last; `columns` itself when it has no
    /// sound (a silent recording is matched as it is, and judged not found).
    public func within(_ columns: Range<Int>) -> Range<Int> {
        let columns = columns.clamped(to: 0..<loudness.count)
        guard columns.count > Self.window else { return columns }
        guard let first = firstSound(in: columns), let last = lastSound(in: columns) else { return columns }
        return max(first - Self.margin, columns.lowerBound)..<min(last + Self.margin, columns.upperBound)
    }

    /// The first loud frame of the first window of `columns` that is half sound.
    private func firstSound(in columns: Range<Int>) -> Int? {
        var loud = 0
        for column in columns {
            if loudness[column] >= threshold { loud += 1 }
            if column - Self.window >= columns.lowerBound, loudness[column - Self.window] >= threshold { loud -= 1 }
            if loud * 2 >= Self.window, isLively(around: column, in: columns) {
                let start = max(column - Self.window + 1, columns.lowerBound)
                return (start...column).first { loudness[$0] >= threshold }
            }
        }
        return nil
    }

    /// One past the last loud frame of the last window of `columns` that is half sound.
    private func lastSound(in columns: Range<Int>) -> Int? {
        var loud = 0
        for column in columns.reversed() {
            if loudness[column] >= threshold { loud += 1 }
            if column + Self.window < columns.upperBound, loudness[column + Self.window] >= threshold { loud -= 1 }
            if loud * 2 >= Self.window, isLively(around: column, in: columns) {
                let end = min(column + Self.window, columns.upperBound)
                return (column..<end).last { loudness[$0] >= threshold }.map { $0 + 1 }
            }
        }
        return nil
    }

    /// Whether the second of `columns` around `column` rises and falls as
    /// speech does (``liveliness``).
    private func isLively(around column: Int, in columns: Range<Int>) -> Bool {
        let half = Self.livelinessWindow / 2
        let window = max(column - half, columns.lowerBound)..<min(column + half, columns.upperBound)
        let sorted = loudness[window].sorted()
        guard sorted.count >= 10 else { return true }
        return sorted[sorted.count * 9 / 10] - sorted[sorted.count / 10] >= Self.liveliness
    }
}
