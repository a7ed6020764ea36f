import Glibc

/// Finds where a speech recogniser's transcript of a stretch of a
/// recording lies in a long text: the place a recording of one chapter
/// begins in a whole book, or where it ends. A recogniser's free
/// transcript is rough (a word in four or five wrong, words dropped or
/// added, an announcement before the text), so the place is found in two
/// steps: every transcript word votes for the offsets its occurrences in
/// the text would put the transcript at, rare words weighing more than
/// common ones; then, around the offset with most votes, the transcript
/// is matched to the text in order and the longest run of matches close
/// to each other (not a lone "the", not an announcement's words matching
/// the text before the reading) bounds the place. Nil when no offset
/// stands out from the rest of the text.
public struct TranscriptLocator: Sendable {
    /// The text's words as the recogniser spells them (``RecognizerTokens``), in order.
    public let words: [String]

    /// Offsets are counted in bins of this many words; a window of
    /// ``binsPerWindow`` bins absorbs the drift of a transcript that drops
    /// or adds words.
    static let binWidth = 16
    static let binsPerWindow = 3
    /// The best window's votes must be this many times those of the best
    /// window elsewhere in the text.
    static let standsOutBy = 2.0
    /// Fewest words matched in order (with neighbours) to place a transcript.
    public static let fewestMatches = 4
    /// Matches further apart than this (in the transcript, in the text)
    /// belong to different runs.
    static let runGap = (transcript: 10, text: 12)

    public init(words: [String]) {
        self.words = words
    }

    /// The words of the text (from `from` on) that `transcript` matches: from
    /// the first matched word to the last; nil when its place is not clear.
    public func place(of transcript: [String], from: Int = 0) -> Range<Int>? {
        guard !transcript.isEmpty, from < words.count else { return nil }
        let occurrences = self.occurrences(of: Set(transcript), from: from)
        guard let window = bestWindow(transcript, occurrences: occurrences) else { return nil }
        // The text the window's offsets can reach, with room for drift either side.
        let lower = max(from, window.lowerBound - Self.binWidth)
        let upper = min(words.count, window.upperBound + transcript.count + Self.binWidth)
        guard lower < upper else { return nil }
        let kept = Self.mainRun(Self.matchedInOrder(transcript, words[lower..<upper]))
        guard kept.count >= Self.fewestMatches, let first = kept.first, let last = kept.last else { return nil }
        return first.text..<(last.text + 1)
    }

    /// Where each word of `wanted` occurs in the text from `from` on.
    private func occurrences(of wanted: Set<String>, from: Int) -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        for index in from..<words.count where wanted.contains(words[index]) {
            found[words[index], default: []].append(index)
        }
        return found
    }

    /// The offsets (text index minus transcript index) of the window with
    /// the most votes, when it stands out; each transcript word votes once
    /// per bin with the weight of its rarity, log(words / occurrences).
    private func bestWindow(_ transcript: [String], occurrences: [String: [Int]]) -> Range<Int>? {
        let width = Self.binWidth
        let shift = transcript.count  // offsets from -transcript.count up
        var votes = [Double](repeating: 0, count: (words.count + shift) / width + Self.binsPerWindow + 1)
        // A word found all over the text says nothing of where the transcript is.
        let common = max(words.count / 50, 20)
        for (index, word) in transcript.enumerated() {
            guard let places = occurrences[word], places.count <= common else { continue }
            let weight = log(Double(words.count) / Double(places.count))
            var last = -1
            for place in places {
                let bin = (place - index + shift) / width
                if bin != last { votes[bin] += weight }
                last = bin
            }
        }
        let windows = (0..<max(votes.count - Self.binsPerWindow + 1, 0)).map { start in
            votes[start..<(start + Self.binsPerWindow)].reduce(0, +)
        }
        guard let best = windows.indices.max(by: { windows[$0] < windows[$1] }), windows[best] > 0 else { return nil }
        let elsewhere = windows.indices.filter { abs($0 - best) > Self.binsPerWindow }.map { windows[$0] }.max() ?? 0
        guard windows[best] >= Self.standsOutBy * elsewhere else { return nil }
        return (best * width - shift)..<((best + Self.binsPerWindow) * width - shift)
    }

    /// A match of a transcript word with a text word.
    struct Pair: Equatable {
        var transcript: Int
        var text: Int
    }

    /// The longest run of words `transcript` and `text` share in order
    /// (a longest common subsequence), as pairs of indices.
    static func matchedInOrder(_ transcript: [String], _ text: ArraySlice<String>) -> [Pair] {
        let rows = transcript.count, columns = text.count
        guard rows > 0, columns > 0 else { return [] }
        // lengths[i][j]: the longest shared run of transcript[i...] and text[j...].
        var lengths = [Int](repeating: 0, count: (rows + 1) * (columns + 1))
        func at(_ row: Int, _ column: Int) -> Int { row * (columns + 1) + column }
        let base = text.startIndex
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                lengths[at(row, column)] = transcript[row] == text[base + column]
                    ? lengths[at(row + 1, column + 1)] + 1
                    : max(lengths[at(row + 1, column)], lengths[at(row, column + 1)])
            }
        }
        var pairs: [Pair] = []
        var (row, column) = (0, 0)
        while row < rows, column < columns {
            if transcript[row] == text[base + column], lengths[at(row, column)] == lengths[at(row + 1, column + 1)] + 1 {
                pairs.append(Pair(transcript: row, text: base + column))
                (row, column) = (row + 1, column + 1)
            } else if lengths[at(row + 1, column)] >= lengths[at(row, column + 1)] {
                row += 1
            } else {
                column += 1
            }
        }
        return pairs
    }

    /// The longest run of pairs in which each follows the one before
    /// within ``runGap`` words in both sequences: the reading itself. A
    /// lone match (a common word) is a run of its own, and so are words of
    /// an announcement before the reading that happen to match the text
    /// just before it ("in the public domain" in a book's imprint).
    static func mainRun(_ pairs: [Pair]) -> ArraySlice<Pair> {
        guard !pairs.isEmpty else { return [] }
        var runs: [Range<Int>] = []
        var start = 0
        for index in pairs.indices.dropFirst()
        where pairs[index].text - pairs[index - 1].text > runGap.text || pairs[index].transcript - pairs[index - 1].transcript > runGap.transcript {
            runs.append(start..<index)
            start = index
        }
        runs.append(start..<pairs.count)
        var longest = runs.max { $0.count < $1.count } ?? 0..<0
        // At its ends, a match that skips more of the text than of the
        // transcript is dropped: a common word matched a few words past
        // the reading's end ("the" of the next chapter's first sentence,
        // when the transcript's "the" had two places to go) does not
        // extend it. Words the recogniser got wrong skip both alike.
        func close(_ first: Int, _ second: Int) -> Bool {
            (pairs[second].text - pairs[first].text) - (pairs[second].transcript - pairs[first].transcript) <= endGap
        }
        while longest.count > 1, !close(longest.upperBound - 2, longest.upperBound - 1) { longest = longest.dropLast() }
        while longest.count > 1, !close(longest.lowerBound, longest.lowerBound + 1) { longest = longest.dropFirst() }
        return pairs[longest]
    }

    /// How many more words of the text than of the transcript may lie
    /// between a run's two first or two last matches.
    static let endGap = 3
}
