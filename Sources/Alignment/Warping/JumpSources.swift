/// The rows a ``BandedDTW`` path may jump from to pass over whole
/// sentences: the costs of the row before each of the last few sentence
/// starts, kept as the rows are warped (a few band widths of memory).
struct JumpSources {
    /// The rows where a sentence begins, increasing.
    let starts: [Int]
    /// Sentences one jump may pass over.
    let sentences: Int
    /// The row before each of the last ``sentences`` starts reached, its first column and costs.
    private var saved: [(row: Int, lower: Int, costs: [Float])] = []
    /// How many of ``starts`` lie before the row being warped.
    private var passed = 0
    /// Whether a jump can land in the row being warped (a sentence start
    /// with an earlier one to jump from).
    private(set) var isLanding = false

    init(starts: [Int], sentences: Int) {
        self.starts = starts
        self.sentences = max(sentences, 0)
    }

    /// Called before row `row` is warped, with the costs of the row above it.
    mutating func arrive(at row: Int, previous: [Float], previousLower: Int) {
        isLanding = false
        guard sentences > 0, passed < starts.count, starts[passed] == row else { return }
        passed += 1
        guard row > 0 else { return }
        saved.append((row - 1, previousLower, previous))
        if saved.count > sentences + 1 { saved.removeFirst() }
        isLanding = saved.count > 1
    }

    /// The cheapest jump into `column` of `row` (a sentence start just
    /// arrived at): its cost and how many sentences it passes over; nil
    /// when none can reach it.
    func cheapest(to row: Int, column: Int, costPerRow: Float) -> (Float, Int)? {
        guard isLanding else { return nil }
        var best: (Float, Int)?
        for back in 1..<saved.count {
            let source = saved[saved.count - 1 - back]
            let index = column - source.lower
            guard index >= 0, index < source.costs.count else { continue }
            let cost = source.costs[index] + costPerRow * Float(row - 1 - source.row)
            if cost < (best?.0 ?? .infinity) { best = (cost, back) }
        }
        return best
    }

    /// The row a jump into `row` passing over `sentences` sentences left from.
    func sourceRow(to row: Int, sentences: Int) -> Int {
        guard let index = starts.firstIndex(of: row), index - sentences >= 0 else { return row - 1 }
        return starts[index - sentences] - 1
    }
}
