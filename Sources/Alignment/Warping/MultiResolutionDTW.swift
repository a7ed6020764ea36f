/// Dynamic time warping in bounded memory, coarse to fine: both sequences
/// are averaged down by powers of four until the whole grid fits in
/// ``coarsestCells`` cells; the path found there, widened by ``radius``
/// frames, bounds the search one level finer, and so on down to the
/// frames themselves. A 10-hour recording needs a band a few dozen frames
/// wide, not a 10-hour-square matrix.
public struct MultiResolutionDTW: Sendable {
    /// Cells the coarsest, unbanded level may have; 4 million by default.
    public var coarsestCells: Int
    /// Columns added either side of the projected path at each finer level; 24 by default.
    public var radius: Int
    /// Whether the recording may hold speech before and after the text.
    public var openEnds: Bool
    /// Cost added to each step down (reference frames matched with one
    /// recording frame), in normalised feature units (matched frames are
    /// about 2–3 apart); 3 by default.
    public var stepPenalty: Float
    /// Cost added to each step right (recording frames matched with one
    /// reference frame); 0 by default.
    public var rightPenalty: Float
    /// Subtracted from each cell's distance (see ``BandedDTW``); 2.5 by
    /// default. Measured on Piper against espeak-ng (docs/alignment.md):
    /// without it a slowed recording (sox tempo 0.8) is squeezed into its
    /// first 80%; at 3.5 unrelated speech before the text is taken for it.
    public var credit: Float

    public init(coarsestCells: Int = 4_000_000, radius: Int = 24, openEnds: Bool = true, stepPenalty: Float = 3, rightPenalty: Float = 0,
        credit: Float = 2.5
    ) {
        self.credit = credit
        self.rightPenalty = rightPenalty
        self.coarsestCells = coarsestCells
        self.radius = radius
        self.openEnds = openEnds
        self.stepPenalty = stepPenalty
    }

    /// The path matching every frame of `reference` with frames of `recording`.
    /// - Throws: ``AlignmentError/empty(what:)`` when either has no frames.
    public func path(reference: FeatureMatrix, recording: FeatureMatrix) throws(AlignmentError) -> WarpingPath {
        guard reference.count > 0 else { throw .empty(what: "the text's synthesised speech") }
        guard recording.count > 0 else { throw .empty(what: "the recording") }
        var factor = 1
        while (reference.count / factor + 1) * (recording.count / factor + 1) > coarsestCells { factor *= 4 }
        let coarseReference = Self.level(reference, factor), coarseRecording = Self.level(recording, factor)
        var path = BandedDTW(
            reference: coarseReference, recording: coarseRecording,
            band: .full(rows: coarseReference.count, columns: coarseRecording.count), openEnds: openEnds,
            stepPenalty: stepPenalty, rightPenalty: rightPenalty, credit: credit
        ).path()
        while factor > 1 {
            factor /= 4
            let finerReference = Self.level(reference, factor), finerRecording = Self.level(recording, factor)
            let band = path.band(upsampledBy: 4, rows: finerReference.count, columns: finerRecording.count, radius: radius)
            path = BandedDTW(reference: finerReference, recording: finerRecording, band: band, openEnds: openEnds, stepPenalty: stepPenalty, rightPenalty: rightPenalty, credit: credit)
                .path()
        }
        return path
    }

    /// A sequence averaged over `factor` frames and normalised again, so
    /// that distances (and ``stepPenalty``) mean the same at every level.
    private static func level(_ features: FeatureMatrix, _ factor: Int) -> FeatureMatrix {
        factor == 1 ? features : features.downsampled(by: factor).normalized()
    }
}
