/// Measures of a signal's hop loudness (dB relative to full scale, −100
/// for silence), shared by the onset snapper and the audible stretch.
enum Loudness {
    /// The loudness below which `percent` % of the frames lie, to 0.5 dB
    /// (counted in a histogram from −100 to 0 dB, not a sorted copy: a
    /// 12-hour recording has 4.3 million frames); nil for none.
    static func percentile(_ percent: Int, of loudness: some Collection<Float>) -> Float? {
        guard !loudness.isEmpty else { return nil }
        var counts = [Int](repeating: 0, count: 201)
        for value in loudness { counts[min(max(Int((value + 100) * 2), 0), 200)] += 1 }
        let wanted = loudness.count * percent / 100
        var seen = 0
        for (bin, count) in counts.enumerated() {
            seen += count
            if seen > wanted { return Float(bin) / 2 - 100 }
        }
        return 0
    }
}
