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

    public init(coarsestCells: Int = 4_000_000, radius: Int = 24, openEnds: Bool = true) {
        self.coarsestCells = coarsestCells
        self.radius = radius
        self.openEnds = openEnds
    }

    /// The path matching every frame of `reference` with frames of `recording`.
    /// - Throws: ``AlignmentError/empty(what:)`` when either has no frames.
    public func path(reference: FeatureMatrix, recording: FeatureMatrix) throws(AlignmentError) -> WarpingPath {
        guard reference.count > 0 else { throw .empty(what: "the text's synthesised speech") }
        guard recording.count > 0 else { throw .empty(what: "the recording") }
        var factor = 1
        while (reference.count / factor + 1) * (recording.count / factor + 1) > coarsestCells { factor *= 4 }
        let coarseReference = reference.downsampled(by: factor), coarseRecording = recording.downsampled(by: factor)
        var path = BandedDTW(
            reference: coarseReference, recording: coarseRecording,
            band: .full(rows: coarseReference.count, columns: coarseRecording.count), openEnds: openEnds
        ).path()
        while factor > 1 {
            factor /= 4
            let finerReference = reference.downsampled(by: factor), finerRecording = recording.downsampled(by: factor)
            let band = path.band(upsampledBy: 4, rows: finerReference.count, columns: finerRecording.count, radius: radius)
            path = BandedDTW(reference: finerReference, recording: finerRecording, band: band, openEnds: openEnds).path()
        }
        return path
    }
}
