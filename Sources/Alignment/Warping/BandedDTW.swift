/// Dynamic time warping of a stretch of reference frames (rows) inside a
/// band of recording frames (columns): the cheapest monotonic path of
/// steps right, down and diagonal, where a cell costs the Euclidean
/// distance of its two frames. Memory is one direction byte per cell in the
/// band and two rows of costs; ``MultiResolutionDTW`` runs it stretch by
/// stretch, so that no more than one stretch's band is held at a time.
///
/// Rows and columns are counted in the whole sequences: the stretch's
/// first row is ``firstRow``, and ``recording`` starts at ``firstColumn``.
struct BandedDTW {
    /// How the path may enter the stretch's first row.
    enum Entry {
        /// At any column, at no cost: the recording may hold speech before
        /// the text (an introduction) for free.
        case open
        /// At the first column.
        case origin
        /// Continuing a path that left the previous row at this column
        /// (down to it, or diagonally to the next one).
        case after(Int)
    }

    /// The stretch's reference frames.
    let reference: FeatureMatrix
    let firstRow: Int
    /// The recording frames the band covers.
    let recording: FeatureMatrix
    let firstColumn: Int
    /// The first and last column of each row of the stretch.
    let lower: [Int32]
    let upper: [Int32]
    let entry: Entry
    /// Whether the path may end at any column of the last row (else at its last).
    let openEnd: Bool
    /// Added to a cell's cost when it is reached by a step down: without
    /// it an open-ended path can match the whole text with a handful of
    /// recording frames.
    let stepPenalty: Float
    /// Added to a cell's cost when it is reached by a step right (more
    /// recording for the same reference frame).
    let rightPenalty: Float
    /// Subtracted from every cell's distance: a frame matched about as
    /// well as speech matches speech then costs nothing or less, so an
    /// open-ended path gains by following a slow recording to its end
    /// instead of squeezing the text into part of it.
    let credit: Float
    /// Each coefficient's weight in the distance (squared differences are
    /// multiplied by it); all 1 when empty.
    let weights: [Float]
    /// The rows where a sentence begins (increasing, counted from the
    /// stretch's first row): the path may jump from the row before one to
    /// the first row of one of the next ``Skip/sentences`` at the same
    /// column, passing over whole sentences the recording does not hold.
    var sentenceStarts: [Int] = []
    /// What a jump over sentences costs; nil for no jumps.
    var skip: Skip?
    /// With an open entry or end: what each recording frame left before
    /// the path (in the stretch's recording) or after it (up to
    /// ``lastRecordingColumn``) costs.
    var outsideCost: Float = 0
    /// The recording's last column when the stretch ends the text, for the
    /// cost of a tail left out; nil for a stretch that ends inside the text.
    var lastRecordingColumn: Int?
    /// With ``lastRecordingColumn``: what each reference row left unread
    /// costs when the path ends at the last row of a sentence instead of
    /// the text's last row (a recording of only the text's beginning, such
    /// as its first chapters aligned with the whole book); nil when the
    /// path must read to the end. Without it the text the recording never
    /// reaches was squeezed into its last seconds, pushing out the last
    /// sentences read.
    var unreadCostPerRow: Float?

    /// A jump over whole sentences of the reference (cut from the
    /// recording, or never read) without consuming recording frames.
    struct Skip {
        /// Cost per reference row passed over.
        var costPerRow: Float
        /// Sentences one jump may pass over.
        var sentences: Int
    }

    private static let fromDiagonal: UInt8 = 0, fromAbove: UInt8 = 1, fromLeft: UInt8 = 2, start: UInt8 = 3
    /// Directions from here on are jumps: `skipped + sentences - 1`.
    private static let skipped: UInt8 = 4

    /// The cheapest path through the stretch: for each of its rows, the
    /// first and last column matched and the mean distance of the matches.
    func path() -> WarpingPath {
        let rows = lower.count
        var offsets = [Int](repeating: 0, count: rows + 1)
        for row in 0..<rows { offsets[row + 1] = offsets[row] + Int(upper[row] - lower[row]) + 1 }
        var directions = [UInt8](repeating: 0, count: offsets[rows])
        var previous: [Float] = [], current: [Float] = []
        var previousLower = 0
        var jumps = JumpSources(starts: sentenceStarts, sentences: skip?.sentences ?? 0)
        var early = EarlyEnd(starts: sentenceStarts)
        for row in 0..<rows {
            let lower = Int(self.lower[row]), upper = Int(self.upper[row])
            current.removeAll(keepingCapacity: true)
            jumps.arrive(at: row, previous: previous, previousLower: previousLower)
            for column in lower...upper {
                var best = Float.infinity, direction = Self.start
                if row > 0 {
                    let above = column - previousLower
                    if above >= 0, above < previous.count, previous[above] + stepPenalty < best {
                        best = previous[above] + stepPenalty; direction = Self.fromAbove
                    }
                    if above - 1 >= 0, above - 1 < previous.count, previous[above - 1] <= best {
                        best = previous[above - 1]; direction = Self.fromDiagonal
                    }
                } else if let entered = entryCost(column) {
                    best = entered
                }
                if column > lower, let left = current.last, left + rightPenalty < best, !(row == 0 && isOpen) {
                    best = left + rightPenalty; direction = Self.fromLeft
                }
                if jumps.isLanding, let skip, let (cost, sentences) = jumps.cheapest(to: row, column: column, costPerRow: skip.costPerRow),
                    cost < best
                {
                    best = cost; direction = Self.skipped + UInt8(sentences - 1)
                }
                current.append(best + distance(row, column) - credit)
                directions[offsets[row] + column - lower] = direction
            }
            if let unreadCostPerRow, lastRecordingColumn != nil, early.endsSentence(row) {
                let (index, cost) = cheapestEnd(of: current, lower: lower)
                early.consider(cost + unreadCostPerRow * Float(rows - 1 - row), row: row, column: lower + index)
            }
            swap(&previous, &current)
            previousLower = lower
        }
        let (index, cost) = cheapestEnd(of: previous, lower: previousLower)
        if let best = early.best, best.cost < cost {
            return backtrack(from: best.column, row: best.row, directions: directions, offsets: offsets, jumps: jumps)
        }
        return backtrack(from: previousLower + index, row: rows - 1, directions: directions, offsets: offsets, jumps: jumps)
    }

    /// The rows where the path may end early (the last row of each
    /// sentence but the text's last) and the cheapest such end so far.
    private struct EarlyEnd {
        /// The stretch's sentence starts (all inside it).
        let starts: [Int]
        private var next = 0
        private(set) var best: (cost: Float, row: Int, column: Int)?

        init(starts: [Int]) {
            self.starts = starts
        }

        /// Whether `row` is the last of a sentence that another follows;
        /// called for every row in order.
        mutating func endsSentence(_ row: Int) -> Bool {
            while next < starts.count, starts[next] <= row { next += 1 }
            return next < starts.count && starts[next] == row + 1
        }

        mutating func consider(_ cost: Float, row: Int, column: Int) {
            if cost < best?.cost ?? .infinity { best = (cost, row, column) }
        }
    }

    private var isOpen: Bool {
        if case .open = entry { return true }
        return false
    }

    /// What entering the first row at `column` costs, or nil where the path cannot enter.
    private func entryCost(_ column: Int) -> Float? {
        switch entry {
        case .open: outsideCost * Float(column - Int(lower[0]))
        case .origin: column == Int(lower[0]) ? 0 : nil
        case .after(let previous): column == previous ? stepPenalty : column == previous + 1 ? 0 : nil
        }
    }

    /// Where in a row (whose first column is `lower`) the path is cheapest
    /// to end, and what ending there costs: with an open end, the cheapest
    /// column counting the recording left after it; else the last column.
    private func cheapestEnd(of row: [Float], lower: Int) -> (index: Int, cost: Float) {
        guard openEnd else { return (row.count - 1, row[row.count - 1]) }
        // A stretch that ends inside the text leaves nothing outside it.
        let cost = { (index: Int) in
            row[index] + (lastRecordingColumn.map { self.outsideCost * Float($0 - lower - index) } ?? 0)
        }
        var best = 0
        for index in row.indices where cost(index) < cost(best) { best = index }
        return (best, cost(best))
    }

    /// The path ending at `column` of `end`; rows after `end` (left unread)
    /// stay at that column with a cost of infinity, as rows jumped over.
    private func backtrack(from column: Int, row end: Int, directions: [UInt8], offsets: [Int], jumps: JumpSources) -> WarpingPath {
        let rows = lower.count
        var first = [Int32](repeating: 0, count: rows), last = [Int32](repeating: 0, count: rows)
        var cost = [Float](repeating: 0, count: rows), cells = [Int](repeating: 0, count: rows)
        for unread in (end + 1)..<rows { (first[unread], last[unread], cost[unread], cells[unread]) = (Int32(column), Int32(column), .infinity, 1) }
        var row = end, column = column
        last[row] = Int32(column)
        while true {
            first[row] = Int32(column)
            cost[row] += distance(row, column)
            cells[row] += 1
            let direction = directions[offsets[row] + column - Int(lower[row])]
            if direction == Self.start || (row == 0 && direction != Self.fromLeft) { break }
            if direction >= Self.skipped {
                let source = jumps.sourceRow(to: row, sentences: Int(direction - Self.skipped) + 1)
                for passed in (source + 1)..<row {
                    (first[passed], last[passed], cost[passed], cells[passed]) = (Int32(column), Int32(column), .infinity, 1)
                }
                row = source; last[row] = Int32(column)
                continue
            }
            switch direction {
            case Self.fromLeft: column -= 1
            case Self.fromAbove: row -= 1; last[row] = Int32(column)
            default: row -= 1; column -= 1; last[row] = Int32(column)
            }
        }
        for index in 0..<rows { cost[index] /= Float(max(cells[index], 1)) }
        return WarpingPath(first: first, last: last, cost: cost)
    }

    /// The weighted Euclidean distance of the stretch's row `row` and recording frame `column`.
    @inline(__always)
    func distance(_ row: Int, _ column: Int) -> Float {
        FrameDistance.weighted(reference, row, recording, column - firstColumn, weights: weights)
    }
}
