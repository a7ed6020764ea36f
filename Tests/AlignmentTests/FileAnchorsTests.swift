import Alignment
import Testing

/// A recording in several files, each warped with its own part of the text.
struct FileAnchorsTests {
    /// An identity path: reference frame `r` heard at recording frame `r`.
    private static func identity(_ rows: Int) -> WarpingPath {
        let frames = (0..<rows).map(Int32.init)
        return WarpingPath(first: frames, last: frames, cost: [Float](repeating: 0, count: rows))
    }

    @Test func aFileBeginsAtThePageNearestWhereThePathCrossesIntoIt() {
        var anchors = FileAnchors(
            fileColumns: [0, 50], utteranceRows: Array(stride(from: 0, to: 100, by: 10)),
            beginsPage: (0..<10).map { $0 == 0 || $0 == 7 })
        #expect(anchors.firstUtterances(along: Self.identity(100)) == [0, 7])
        anchors.window = 1
        #expect(anchors.firstUtterances(along: Self.identity(100)) == [0, 5], "no page within one utterance: where the path crosses")
        anchors.beginsPage = [Bool](repeating: false, count: 10)
        anchors.window = 8
        #expect(anchors.firstUtterances(along: Self.identity(100)) == [0, 5])
    }

    /// A one-page text read in two files: the page's start is near where
    /// the second file begins, but the first holds five utterances of it.
    @Test func aFileTheTextRunsIntoDoesNotGoBackToThePageBeforeIt() {
        let anchors = FileAnchors(
            fileColumns: [0, 50], utteranceRows: Array(stride(from: 0, to: 100, by: 10)),
            beginsPage: (0..<10).map { $0 == 0 })
        #expect(anchors.firstUtterances(along: Self.identity(100)) == [0, 5])
    }

    @Test func aFileThatHoldsNoneOfTheTextBeginsWhereTheNextDoes() {
        let anchors = FileAnchors(
            fileColumns: [0, 30, 40], utteranceRows: [0, 50, 60], beginsPage: [true, false, true])
        // The whole path puts the first utterance in the first file (a
        // preamble that sounded like it); the page starts at utterance 0.
        let firsts = anchors.firstUtterances(along: Self.identity(100))
        #expect(firsts == [0, 0, 0])
    }

    @Test func aChapterMarkWithNoPageNearIsNotAnAnchor() {
        var anchors = FileAnchors(
            fileColumns: [0, 45, 80], utteranceRows: Array(stride(from: 0, to: 100, by: 10)),
            beginsPage: (0..<10).map { $0 == 0 || $0 == 8 })
        anchors.window = 2
        anchors.chapterMarks = [1, 2]
        #expect(anchors.firstUtterances(along: Self.identity(100)) == [0, nil, 8])
        anchors.chapterMarks = [2]
        #expect(anchors.firstUtterances(along: Self.identity(100)) == [0, 5, 8], "a file is an anchor wherever it begins")
    }

    /// The second file opens with 80 frames of material that is not in the
    /// text (a LibriVox preamble): warped file by file, the second file's
    /// text starts after it and the first file's text stays where it is.
    @Test func aPreambleAtTheStartOfAFileIsLeftOutOfTheTextBeforeIt() throws {
        let reference = MultiResolutionDTWTests.signal(1_200)
        let first = MultiResolutionDTWTests.signal(600)
        let second = MultiResolutionDTWTests.signal(600, from: 600)
        let recording = FeatureMatrix(
            dimension: 2, values: first.values + MultiResolutionDTWTests.noise(80).values + second.values)
        let warping = MultiResolutionDTW(coarsestCells: 40_000, radius: 8, stepPenalty: 0.5, credit: 0.3, outsideCost: 0.1)
        let whole = try warping.path(reference: reference, recording: recording)
        let utterances = Array(stride(from: 0, to: 1_200, by: 60))
        let anchors = FileAnchors(
            fileColumns: [0, 600], utteranceRows: utterances, beginsPage: utterances.map { $0 == 0 || $0 == 600 })
        let path = try anchors.path(
            reference: reference, recording: recording, whole: whole, firsts: anchors.firstUtterances(along: whole), warping: warping, scratch: nil)
        #expect(path.rows == 1_200)
        for row in utterances {
            let expected = row < 600 ? row : row + 80
            #expect(abs(Int(path.first[row]) - expected) <= 2, "utterance at row \(row) → \(path.first[row]), expected \(expected)")
        }
        #expect(path.last[599] < 600, "the first file's text ends in the first file")
    }

    @Test func oneFileKeepsTheWholePath() throws {
        let path = Self.identity(10)
        let anchors = FileAnchors(fileColumns: [0], utteranceRows: [0, 5], beginsPage: [true, false])
        let matrix = MultiResolutionDTWTests.signal(10)
        #expect(try anchors.path(
            reference: matrix, recording: matrix, whole: path, firsts: anchors.firstUtterances(along: path), warping: MultiResolutionDTW(),
            scratch: nil) == path)
    }
}

/// A part of a frame source, numbered from 0.
struct FrameSliceTests {
    @Test func framesAreTheBasesShiftedAndClamped() throws {
        let base = MultiResolutionDTWTests.signal(10)
        let slice = FrameSlice(base, 4..<20)
        #expect(slice.count == 6)
        #expect(try slice.frames(0..<2).values == base.frames(4..<6).values)
        #expect(try slice.frames(5..<9).values == base.frames(9..<10).values)
    }
}
