import Alignment
import Foundation
import Testing

/// The warping path on sequences whose true correspondence is known.
struct MultiResolutionDTWTests {
    /// A 2-dimensional sequence that never repeats: frame `t` of a slow spiral.
    static func signal(_ frames: Int, rate: Double = 1, from start: Double = 0) -> FeatureMatrix {
        var matrix = FeatureMatrix(dimension: 2)
        for frame in 0..<frames {
            let t = start + Double(frame) * rate
            matrix.append([Float(sin(t / 7) + sin(t / 31)), Float(cos(t / 11) + cos(t / 43))])
        }
        return matrix
    }

    static func noise(_ frames: Int) -> FeatureMatrix {
        var matrix = FeatureMatrix(dimension: 2)
        var state: UInt32 = 12_345
        for _ in 0..<frames {
            state = state &* 1_103_515_245 &+ 12_345
            let a = Float(state >> 16 & 0x7FFF) / 8_192 - 2
            state = state &* 1_103_515_245 &+ 12_345
            matrix.append([a, Float(state >> 16 & 0x7FFF) / 8_192 - 2])
        }
        return matrix
    }

    @Test(arguments: [(rate: 1.0, name: "same speed"), (0.8, "slower recording"), (1.25, "faster recording")])
    func findsAStretchedCopyFrameForFrame(rate: Double, name: String) throws {
        let reference = Self.signal(3_000)
        let recording = Self.signal(Int(3_000 / rate), rate: rate)
        let dtw = MultiResolutionDTW(coarsestCells: 40_000, radius: 8, stepPenalty: 0.5, credit: 0.3, outsideCost: 0.1)
        let path = try dtw.path(reference: reference, recording: recording)
        for row in stride(from: 0, to: 3_000, by: 97) {
            let expected = Double(row) / rate
            #expect(abs(Double(path.first[row]) - expected) <= 2, "\(name): row \(row) → \(path.first[row]), expected \(expected)")
        }
    }

    @Test func skipsRecordingMaterialBeforeAndAfterTheText() throws {
        let reference = Self.signal(2_000)
        var values = Self.noise(500).values + Self.signal(2_000).values + Self.noise(400).values
        let recording = FeatureMatrix(dimension: 2, values: values)
        values = []
        let path = try MultiResolutionDTW(coarsestCells: 40_000, radius: 8, stepPenalty: 0.5, credit: 0.3, outsideCost: 0.1).path(reference: reference, recording: recording)
        #expect(abs(Int(path.first[0]) - 500) <= 2, "starts at \(path.first[0])")
        #expect(abs(Int(path.last[1_999]) - 2_499) <= 2, "ends at \(path.last[1_999])")
    }

    @Test func aBandedSearchUsesFarLessMemoryThanTheFullGrid() throws {
        let reference = Self.signal(20_000)
        let path = try MultiResolutionDTW(coarsestCells: 100_000, radius: 8, stepPenalty: 0.5, credit: 0.3, outsideCost: 0.1).path(reference: reference, recording: reference)
        let band = path.band(upsampledBy: 1, rows: 20_000, columns: 20_000, radius: 8)
        #expect(band.cellCount < 20_000 * 40)
        #expect(path.first[12_345] == 12_345)
    }

    @Test func warpingAStretchAtATimeFollowsTheSamePath() throws {
        let reference = Self.signal(6_000)
        let recording = FeatureMatrix(dimension: 2, values: Self.noise(300).values + Self.signal(Int(6_000 / 0.9), rate: 0.9).values)
        let whole = MultiResolutionDTW(coarsestCells: 100_000, radius: 8, stepPenalty: 0.5, credit: 0.3, stretchRows: 100_000)
        var stretched = whole
        stretched.stretchRows = 700
        stretched.overlapRows = 150
        let once = try whole.path(reference: reference, recording: recording)
        let inStretches = try stretched.path(reference: reference, recording: recording)
        let largest = zip(once.first, inStretches.first).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 1, "stretches differ from the whole by up to \(largest) frames")
        #expect(abs(Int(inStretches.first[3_000]) - (300 + Int(3_000 / 0.9))) <= 2, "row 3000 → \(inStretches.first[3_000])")
    }

    @Test(arguments: [1, 2, 3])
    func stretchesFollowTheWholePathInANarrowBand(radius: Int) throws {
        let reference = Self.signal(5_000)
        let recording = Self.signal(Int(5_000 / 0.7), rate: 0.7)
        let whole = MultiResolutionDTW(coarsestCells: 40_000, radius: radius, stepPenalty: 0.5, credit: 0.3, stretchRows: 100_000)
        var stretched = whole
        stretched.stretchRows = 333
        stretched.overlapRows = 50
        let once = try whole.path(reference: reference, recording: recording)
        let path = try stretched.path(reference: reference, recording: recording)
        let unconnected = (1..<5_000).filter { path.first[$0] < path.last[$0 - 1] || path.first[$0] > path.last[$0 - 1] + 1 }
        #expect(unconnected.isEmpty, "rows not entered from the row before: \(unconnected.prefix(8))")
        let largest = zip(once.first, path.first).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 2, "stretches differ from the whole by up to \(largest) frames")
    }

    /// Three "sentences" of 1,000 frames; the recording lacks the middle one.
    static let sentenceStarts = [0, 1_000, 2_000]

    @Test func jumpsOverASentenceCutFromTheRecording() throws {
        let reference = Self.signal(3_000)
        let recording = FeatureMatrix(dimension: 2, values: Self.signal(1_000).values + Self.signal(1_000, from: 2_000).values)
        let dtw = MultiResolutionDTW(coarsestCells: 40_000, radius: 8, stepPenalty: 0.5, credit: 0.3, skipCost: 0.5)
        let path = try dtw.path(reference: reference, recording: recording, sentenceStarts: Self.sentenceStarts)
        let jumped = (0..<3_000).filter { !path.cost[$0].isFinite }
        #expect(jumped.first == 1_000 && jumped.last == 1_999 && jumped.count == 1_000, "jumped rows \(jumped.first ?? -1)…\(jumped.last ?? -1)")
        for row in [0, 500, 999] { #expect(abs(Int(path.first[row]) - row) <= 2, "row \(row) → \(path.first[row])") }
        for row in [2_000, 2_500, 2_999] { #expect(abs(Int(path.first[row]) - (row - 1_000)) <= 2, "row \(row) → \(path.first[row])") }
    }

    @Test func withoutSentenceStartsACutIsSqueezedNotJumped() throws {
        let reference = Self.signal(3_000)
        let recording = FeatureMatrix(dimension: 2, values: Self.signal(1_000).values + Self.signal(1_000, from: 2_000).values)
        let path = try MultiResolutionDTW(coarsestCells: 40_000, radius: 8, stepPenalty: 0.5, credit: 0.3, skipCost: 0.5)
            .path(reference: reference, recording: recording)
        #expect(path.cost.allSatisfy { $0.isFinite })
    }

    @Test(arguments: [0.8, 1.25])
    func aRecordingThatHoldsEverySentenceIsNotJumped(rate: Double) throws {
        let reference = Self.signal(3_000)
        let recording = Self.signal(Int(3_000 / rate), rate: rate)
        let dtw = MultiResolutionDTW(coarsestCells: 40_000, radius: 8, stepPenalty: 0.5, credit: 0.3, skipCost: 0.5)
        let path = try dtw.path(reference: reference, recording: recording, sentenceStarts: Self.sentenceStarts)
        #expect(path.cost.allSatisfy { $0.isFinite }, "no row jumped over")
        for row in stride(from: 0, to: 3_000, by: 97) {
            #expect(abs(Double(path.first[row]) - Double(row) / rate) <= 2, "row \(row) → \(path.first[row])")
        }
    }

    /// A recording of the text's beginning only (its first chapters aligned
    /// with the whole book): the rest of the text is left unread (rows of
    /// infinite cost) rather than squeezed into the recording's last
    /// frames, and what is read keeps its own frames.
    @Test(arguments: [
        (rate: 1.0, read: 0..<1_500, stretchRows: 50_000), (0.8, 0..<1_500, 50_000), (1.25, 0..<1_500, 50_000), (1.0, 0..<1_500, 400),
        (0.8, 0..<2_500, 400), (1.25, 0..<500, 400),
    ])
    func aRecordingOfTheTextsBeginningLeavesTheRestUnread(rate: Double, read: Range<Int>, stretchRows: Int) throws {
        let reference = Self.signal(3_000)
        let starts = Array(stride(from: 0, to: 3_000, by: 500))
        let recording = Self.signal(Int(Double(read.count) / rate), rate: rate, from: Double(read.lowerBound))
        let dtw = MultiResolutionDTW(coarsestCells: 40_000, radius: 8, stepPenalty: 0.5, credit: 0.3, stretchRows: stretchRows, overlapRows: 100,
            skipCost: 0.5)
        let path = try dtw.path(reference: reference, recording: recording, sentenceStarts: starts)
        let found = (0..<3_000).filter { path.cost[$0].isFinite }
        #expect(found.first == read.lowerBound && found.last == read.upperBound - 1 && found.count == read.count,
            "rows read \(found.first ?? -1)…\(found.last ?? -1) of \(found.count)")
        for row in stride(from: read.lowerBound, to: read.upperBound, by: 97) {
            let expected = Double(row - read.lowerBound) / rate
            #expect(abs(Double(path.first[row]) - expected) <= 2, "row \(row) → \(path.first[row]), expected \(expected)")
        }
        #expect(path.first[0] == path.first[read.lowerBound] && path.first[2_999] == path.last[read.upperBound - 1],
            "the unread rows stay where the reading begins and ends")
    }

    @Test func levelsTooLongToHoldAreWarpedFromScratchFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = try FeatureFile(folder: folder.path, dimension: 2)
        let recording = try FeatureFile(folder: folder.path, dimension: 2)
        for value in Self.signal(4_000).values.chunked(2) { try reference.append(value) }
        for value in Self.signal(5_000, rate: 0.8).values.chunked(2) { try recording.append(value) }
        try reference.finish()
        try recording.finish()
        var dtw = MultiResolutionDTW(coarsestCells: 20_000, radius: 8, stepPenalty: 0.5, credit: 0.3, stretchRows: 900, overlapRows: 200)
        dtw.memoryFrames = 100
        let path = try dtw.path(reference: reference, recording: recording, scratch: folder.path)
        for row in stride(from: 0, to: 4_000, by: 191) {
            #expect(abs(Double(path.first[row]) - Double(row) / 0.8) <= 2, "row \(row) → \(path.first[row])")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left.count == 2, "the coarser levels' scratch files are removed: \(left)")
    }
}

extension Array where Element == Float {
    /// The array cut into pieces of `size` values.
    fileprivate func chunked(_ size: Int) -> [[Float]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
