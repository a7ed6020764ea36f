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

    private static let fromDiagonal: UInt8 = 0, fromAbove: UInt8 = 1, fromLeft: UInt8 = 2, start: UInt8 = 3

    /// The cheapest path through the stretch: for each of its rows, the
    /// first and last column matched and the mean distance of the matches.
    func path() -> WarpingPath {
        let rows = lower.count
        var offsets = [Int](repeating: 0, count: rows + 1)
        for row in 0..<rows { offsets[row + 1] = offsets[row] + Int(upper[row] - lower[row]) + 1 }
        var directions = [UInt8](repeating: 0, count: offsets[rows])
        var previous: [Float] = [], current: [Float] = []
        var previousLower = 0
        for row in 0..<rows {
            let lower = Int(self.lower[row]), upper = Int(self.upper[row])
            current.removeAll(keepingCapacity: true)
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
                current.append(best + distance(row, column) - credit)
                directions[offsets[row] + column - lower] = direction
            }
            swap(&previous, &current)
            previousLower = lower
        }
        let end = endColumn(lastRow: previous, lower: previousLower)
        return backtrack(from: end, directions: directions, offsets: offsets)
    }

    private var isOpen: Bool {
        if case .open = entry { return true }
        return false
    }

    /// What entering the first row at `column` costs, or nil where the path cannot enter.
    private func entryCost(_ column: Int) -> Float? {
        switch entry {
        case .open: 0
        case .origin: column == Int(lower[0]) ? 0 : nil
        case .after(let previous): column == previous ? stepPenalty : column == previous + 1 ? 0 : nil
        }
    }

    /// The column the path ends in: the cheapest of the last row with an
    /// open end, else the last.
    private func endColumn(lastRow: [Float], lower: Int) -> Int {
        guard openEnd else { return lower + lastRow.count - 1 }
        var best = 0
        for (index, cost) in lastRow.enumerated() where cost < lastRow[best] { best = index }
        return lower + best
    }

    private func backtrack(from end: Int, directions: [UInt8], offsets: [Int]) -> WarpingPath {
        let rows = lower.count
        var first = [Int32](repeating: 0, count: rows), last = [Int32](repeating: 0, count: rows)
        var cost = [Float](repeating: 0, count: rows), cells = [Int](repeating: 0, count: rows)
        var row = rows - 1, column = end
        last[row] = Int32(column)
        while true {
            first[row] = Int32(column)
            cost[row] += distance(row, column)
            cells[row] += 1
            let direction = directions[offsets[row] + column - Int(lower[row])]
            if direction == Self.start || (row == 0 && direction != Self.fromLeft) { break }
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
        let dimension = reference.dimension
        return reference.values.withUnsafeBufferPointer { a in
            recording.values.withUnsafeBufferPointer { b in
                weights.withUnsafeBufferPointer { w in
                    var sum: Float = 0
                    let x = row * dimension, y = (column - firstColumn) * dimension
                    for k in 0..<dimension {
                        let d = a[x + k] - b[y + k]
                        sum += (k < w.count ? w[k] : 1) * d * d
                    }
                    return sum.squareRoot()
                }
            }
        }
    }
}
