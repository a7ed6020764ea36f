extension String {
    /// The Levenshtein distance to `other` in characters: how many insertions,
    /// deletions or substitutions turn one into the other. For "did you mean"
    /// suggestions (options, commands, voices).
    public func editDistance(to other: String) -> Int {
        let a = Array(self), b = Array(other)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, characterA) in a.enumerated() {
            var current = [i + 1]
            for (j, characterB) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (characterA == characterB ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
