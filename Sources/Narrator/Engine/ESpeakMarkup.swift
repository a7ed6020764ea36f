/// The text of one espeak-ng call, and the way back from espeak's character
/// positions to segments.
///
/// One segment is passed as plain text, so espeak's positions are the
/// segment's own. Several segments become SSML without a `<speak>` root (which
/// would add a pause): each is wrapped in `<prosody>` carrying its absolute
/// pitch, range and volume and its rate relative to the last segment's, which
/// the engine sets as the call's base (it also times the final pause). espeak then speaks them as one clause,
/// so per-word utterances sound connected. Positions in SSML mode count the
/// markup; ``location(ofPosition:)`` maps them back.
struct ESpeakMarkup {
    /// What is passed to `espeak_Synth`.
    private(set) var text: String
    /// True when ``text`` is SSML.
    let isSSML: Bool
    /// For every Unicode scalar of ``text``: the segment it belongs to, or -1
    /// for markup. Empty in plain mode.
    private var owners: [Int32] = []
    /// For every Unicode scalar of ``text``: its offset in its segment.
    private var offsets: [Int32] = []
    private let plainLength: Int
    /// The one segment's ``SpeechSegment/sourceOffsets`` in plain mode.
    private var plainOffsets: [Int32]?

    init(_ segments: [SpeechSegment]) {
        if segments.count == 1, let only = segments.first {
            text = only.text
            isSSML = false
            plainLength = only.text.unicodeScalars.count
            plainOffsets = only.sourceOffsets
            return
        }
        text = ""
        isSSML = true
        plainLength = 0
        let baseRate = max(1, segments.last?.parameters.wordsPerMinute ?? 175)
        for (index, segment) in segments.enumerated() {
            appendMarkup(Self.openingTag(segment.parameters, baseRate: baseRate))
            appendEscaped(segment.text, segment: index, sourceOffsets: segment.sourceOffsets)
            appendMarkup("</prosody>")
        }
    }

    /// The segment and scalar offset of espeak's 1-based character position,
    /// or nil when it points at nothing of ours. In SSML mode a position that
    /// lands on markup (espeak can be off by one) moves to the next text.
    func location(ofPosition position: Int) -> (segment: Int, offset: Int)? {
        let index = position - 1
        guard isSSML else {
            guard 0 <= index, index < plainLength else { return nil }
            return (0, plainOffsets.map { index < $0.count ? Int($0[index]) : index } ?? index)
        }
        for candidate in index..<(index + 3) where owners.indices.contains(candidate) {
            if owners[candidate] >= 0 { return (Int(owners[candidate]), Int(offsets[candidate])) }
        }
        return nil
    }

    static func openingTag(_ parameters: SpeechParameters, baseRate: Int) -> String {
        let ratePercent = (parameters.wordsPerMinute * 100 + baseRate / 2) / baseRate
        return "<prosody rate=\"\(ratePercent)%\" pitch=\"\(parameters.pitch)\""
            + " range=\"\(parameters.pitchRange)\" volume=\"\(parameters.volume)\">"
    }

    private mutating func appendMarkup(_ markup: String) {
        text += markup
        let count = markup.unicodeScalars.count
        owners.append(contentsOf: repeatElement(-1, count: count))
        offsets.append(contentsOf: repeatElement(0, count: count))
    }

    private mutating func appendEscaped(_ segmentText: String, segment: Int, sourceOffsets: [Int32]?) {
        for (index, scalar) in segmentText.unicodeScalars.enumerated() {
            let offset = sourceOffsets.map { index < $0.count ? Int($0[index]) : index } ?? index
            let escaped: String
            switch scalar {
            case "&": escaped = "&amp;"
            case "<": escaped = "&lt;"
            case ">": escaped = "&gt;"
            default: escaped = String(scalar)
            }
            text += escaped
            let count = escaped.unicodeScalars.count
            owners.append(contentsOf: repeatElement(Int32(segment), count: count))
            offsets.append(contentsOf: repeatElement(Int32(offset), count: count))
        }
    }
}
