/// A recording that comes as several files (a chapter a file, as LibriVox
/// and most audiobooks do) warped file by file: no sentence is read across
/// two files, and each file may begin and end with material of its own (a
/// LibriVox file opens with "Chapter 2 of …. This is a LibriVox
/// recording…"). Warped as one sequence, such a preamble is spread over
/// the sentences before it (measured: the last two sentences of a chapter
/// put 9 and 18 s late); warped on its own, it is the file's open head.
///
/// The whole recording is warped first (``MultiResolutionDTW``); that path
/// says near which utterance each file begins. The text is cut there —
/// at a page's first utterance when one is that near, since files follow
/// chapters — and each file is warped again with its part of the text.
/// An M4B's chapter marks are parts too, but only where a page of the
/// text begins near them: marks that cut a chapter in parts (every hour,
/// mid-sentence at worst) are not anchors.
public struct FileAnchors: Sendable {
    /// The first recording frame of each file, increasing, the first 0.
    public var fileColumns: [Int]
    /// Each utterance's first reference frame, increasing.
    public var utteranceRows: [Int]
    /// Whether each utterance begins a page (a chapter).
    public var beginsPage: [Bool]
    /// Which of ``fileColumns`` are chapter marks inside a file rather than
    /// files: anchors only where a page begins near them.
    public var chapterMarks: Set<Int> = []
    /// Where the recording's sound is: each part is warped against its own
    /// sound only, its quiet ends left out (a file's silent head or tail
    /// must not draw the text into it); nil for every column.
    public var audible: AudibleStretch?
    /// How many utterances either side of where the whole path crosses
    /// into a file a page's beginning is looked for.
    public var window = 8

    public init(fileColumns: [Int], utteranceRows: [Int], beginsPage: [Bool]) {
        self.fileColumns = fileColumns
        self.utteranceRows = utteranceRows
        self.beginsPage = beginsPage
    }

    /// The utterance each file begins with (the first file with 0), from
    /// the path of the whole recording; non-decreasing. A file that holds
    /// none of the text begins with the utterance the next one begins with.
    /// Nil for a chapter mark with no page beginning near it: not an anchor.
    public func firstUtterances(along path: WarpingPath) -> [Int?] {
        var firsts: [Int?] = [0]
        var last = 0
        for (index, column) in fileColumns.enumerated().dropFirst() {
            let crossing = utteranceRows.firstIndex { row in row < path.rows && Int(path.first[row]) >= column } ?? utteranceRows.count
            // Back to the page the file before begins with (leaving it no text) only when the whole
            // path gives that file one utterance at most: a preamble that sounded like the text.
            // Given more, it holds text (a one-page text read in two files).
            let floor = crossing - last <= 1 ? last - 1 : last
            let page = nearestPageStart(to: crossing, after: floor)
            if page == nil, chapterMarks.contains(index) {
                firsts.append(nil)
                continue
            }
            last = max(page ?? crossing, last)
            firsts.append(last)
        }
        return firsts
    }

    /// The beginning of a page nearest to utterance `index` within
    /// ``window`` and after utterance `floor`; ties go to the earlier.
    private func nearestPageStart(to index: Int, after floor: Int) -> Int? {
        var best: Int?
        for candidate in max(index - window, 0)...max(min(index + window, utteranceRows.count - 1), 0)
        where candidate > floor && candidate < beginsPage.count && beginsPage[candidate] {
            if best.map({ abs(candidate - index) < abs($0 - index) }) ?? true { best = candidate }
        }
        return best
    }

    /// The path of `reference` through `recording`, warped file by file
    /// with `warping`; `whole` (the path of the whole recording) keeps the
    /// rows of a file too short to warp.
    /// - Parameters:
    ///   - firsts: ``firstUtterances(along:)`` of `whole`.
    public func path(
        reference: any FrameSource, recording: any FrameSource, whole: WarpingPath, firsts: [Int?], warping: MultiResolutionDTW,
        scratch: String?
    ) throws(AlignmentError) -> WarpingPath {
        guard fileColumns.count > 1, whole.rows == reference.count, !utteranceRows.isEmpty else { return whole }
        var starts: [Int] = [], kept: [Int] = []
        for (column, first) in zip(fileColumns, firsts) {
            guard let first else { continue }
            starts.append(column)
            kept.append(first)
        }
        let bounds = [0] + kept.dropFirst().map { $0 < utteranceRows.count ? utteranceRows[$0] : reference.count } + [reference.count]
        var result = WarpingPath(first: [], last: [], cost: [])
        for file in starts.indices {
            let rows = bounds[file]..<max(bounds[file + 1], bounds[file])
            guard !rows.isEmpty else { continue }
            let end = file + 1 < starts.count ? starts[file + 1] : recording.count
            let columns = starts[file]..<max(end, starts[file])
            let part: WarpingPath
            if columns.count >= Self.shortestFile {
                let starts = utteranceRows.filter { rows.contains($0) }.map { $0 - rows.lowerBound }
                part = try warping.path(
                    reference: FrameSlice(reference, rows), recording: recording, columns: audible?.within(columns) ?? columns,
                    scratch: scratch, sentenceStarts: starts)
            } else {
                part = WarpingPath(first: Array(whole.first[rows]), last: Array(whole.last[rows]), cost: Array(whole.cost[rows]))
            }
            result.first += part.first
            result.last += part.last
            result.cost += part.cost
        }
        return result.rows == whole.rows ? result : whole
    }

    /// Files shorter than this (1 s of 9.977 ms frames) keep the whole path's rows.
    static let shortestFile = 100
}
