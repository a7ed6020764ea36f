/// The truth of a reading stretched with sox's `tempo`, found in the
/// stretched recording itself rather than scaled.
///
/// sox's `tempo` (WSOLA) builds its output from stretches of the input
/// copied whole, each shifted from a linear mapping by whatever lines its
/// overlap up best: an onset lands up to ±20 ms from where scaling its time
/// puts it (docs/alignment.md, measured on tone bursts and on readings:
/// on average 10 ms early at 0.8×). So each onset is looked for again: the
/// 20 ms of the original recording from the onset, matched by normalised
/// cross-correlation within 40 ms of the scaled position. An onset in
/// near silence (its 20 ms below -50 dBFS) keeps the scaled position, and
/// so does one whose best match scores under 0.8: sped up, sox cuts and
/// overlaps the material around a pause, and the onset after it is no
/// longer copied whole (on 12 readings at 1.25× and 1.5×, 5% of sentence
/// onsets scored 0.31–0.63, one "found" 36 ms from its scaled time; at
/// 0.8× every onset scored 0.94 or more).
enum StretchedTruth {
    static let window = 0.020, reach = 0.040, silence: Float = 0.003_16  // -50 dBFS
    static let match: Float = 0.8

    static func onsets(_ truth: OnsetTimes, original: WAVSamples, stretched: WAVSamples, tempo: Double) -> OnsetTimes {
        let source = original.samples.map { Float($0) / 32_768 }, target = stretched.samples.map { Float($0) / 32_768 }
        let rate = Double(original.sampleRate)
        func found(_ time: Double) -> Double {
            let scaled = time / tempo
            let width = Int(window * rate), start = Int((time * rate).rounded())
            guard start >= 0, start + width <= source.count else { return scaled }
            let piece = source[start..<(start + width)]
            let pieceEnergy = piece.reduce(0) { $0 + $1 * $1 }
            guard (pieceEnergy / Float(width)).squareRoot() >= silence else { return scaled }
            let centre = Int((scaled * rate).rounded()), spread = Int(reach * rate)
            let first = max(centre - spread, 0), last = min(centre + spread, target.count - width)
            guard first <= last else { return scaled }
            var best = (lag: centre, score: -Float.infinity)
            for lag in first...last {
                var product: Float = 0, energy: Float = 0
                for offset in 0..<width {
                    let value = target[lag + offset]
                    product += value * piece[start + offset]
                    energy += value * value
                }
                let score = product / (energy * pieceEnergy).squareRoot().nextUp
                if score > best.score { best = (lag, score) }
            }
            return best.score >= match ? Double(best.lag) / rate : scaled
        }
        return truth.mapped(found)
    }
}
