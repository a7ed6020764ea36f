/// A monotonic path through the grid of reference frames (rows) against
/// recording frames (columns): for each reference frame, the recording
/// frames it was matched with, and how well they matched.
public struct WarpingPath: Hashable, Sendable {
    /// First recording frame matched with each reference frame.
    public var first: [Int32]
    /// Last recording frame matched with each reference frame (≥ ``first``).
    public var last: [Int32]
    /// The mean distance of each reference frame's matches (normalised
    /// features: about 3–4 for unrelated frames, lower for good matches).
    public var cost: [Float]

    public init(first: [Int32], last: [Int32], cost: [Float]) {
        self.first = first
        self.last = last
        self.cost = cost
    }

    /// Reference frames.
    public var rows: Int { first.count }

    /// The band a path at `factor` times the resolution would lie in: each
    /// row of this path widened to the `factor` rows and columns it stands
    /// for, plus `radius` columns either side, clamped to `columns`.
    public func band(upsampledBy factor: Int, rows fineRows: Int, columns: Int, radius: Int) -> Band {
        var lower = [Int32](repeating: 0, count: fineRows)
        var upper = [Int32](repeating: 0, count: fineRows)
        for row in 0..<fineRows {
            let (low, high) = bandRow(row, factor: factor, columns: columns, radius: radius)
            lower[row] = Int32(low)
            upper[row] = Int32(high)
        }
        return Band(lower: lower, upper: upper)
    }

    /// The first and last column of row `row` of ``band(upsampledBy:rows:columns:radius:)``.
    public func bandRow(_ row: Int, factor: Int, columns: Int, radius: Int) -> (Int, Int) {
        let coarse = min(row / factor, rows - 1)
        return (max(Int(first[coarse]) * factor - radius, 0), min((Int(last[coarse]) + 1) * factor - 1 + radius, columns - 1))
    }
}

/// The cells of the grid a banded DTW visits: for each row, a range of
/// columns; both ends never decrease from one row to the next, and each
/// row starts at most one column after the previous one ends.
public struct Band: Hashable, Sendable {
    public var lower: [Int32]
    public var upper: [Int32]

    public init(lower: [Int32], upper: [Int32]) {
        self.lower = lower
        self.upper = upper
    }

    /// Every column of every row.
    public static func full(rows: Int, columns: Int) -> Band {
        Band(lower: [Int32](repeating: 0, count: rows), upper: [Int32](repeating: Int32(columns - 1), count: rows))
    }

    /// Cells in the band.
    public var cellCount: Int { zip(lower, upper).reduce(0) { $0 + Int($1.1 - $1.0) + 1 } }
}
