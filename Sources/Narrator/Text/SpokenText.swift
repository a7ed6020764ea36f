import BookModel

/// The text the engine is given for one utterance, and where each of its
/// Unicode scalars comes from in the utterance's string, so the engine's
/// word positions point back into the text the user sees. The utterance's
/// string itself never changes.
public struct SpokenText: Hashable, Sendable {
    /// What the engine says.
    public private(set) var text: String
    /// For each scalar of ``text``, the offset in the source string it
    /// stands for, and one more entry for the end.
    private var sourceOffsets: [Int]

    /// The source string unchanged.
    public init(unchanged source: String) {
        text = source
        sourceOffsets = Array(0...source.unicodeScalars.count)
    }

    init(scalars: [Unicode.Scalar], sourceOffsets: [Int]) {
        text = String(String.UnicodeScalarView(scalars))
        self.sourceOffsets = sourceOffsets
        isUnchanged = false
    }

    /// Whether ``text`` is the source string itself.
    public private(set) var isUnchanged = true

    /// The offset in the source string of the scalar at `offset` of
    /// ``text`` (clamped to the text).
    public func sourceOffset(of offset: Int) -> Int {
        sourceOffsets[min(max(offset, 0), sourceOffsets.count - 1)]
    }
}

/// A change to an utterance's text for the engine: the scalars in `range`
/// are said as `text`.
struct Rewrite: Hashable, Sendable {
    /// Offsets in the group's scalars (all its utterances one after the
    /// other).
    var range: Range<Int>
    var text: String
}

extension SpokenText {
    /// `source` (starting at offset `base` of its group) with the rewrites
    /// that fall inside it applied; each scalar of a rewrite's text stands
    /// for the start of what it replaces.
    init(_ source: [Unicode.Scalar], base: Int, rewrites: [Rewrite]) {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(source.count)
        offsets.reserveCapacity(source.count + 1)
        var index = 0
        var pending = rewrites.filter { $0.range.lowerBound >= base && $0.range.upperBound <= base + source.count }
            .sorted { $0.range.lowerBound < $1.range.lowerBound }[...]
        guard !pending.isEmpty else {
            self.init(unchanged: String(String.UnicodeScalarView(source)))
            return
        }
        while index < source.count {
            if let rewrite = pending.first, rewrite.range.lowerBound - base == index {
                pending.removeFirst()
                for scalar in rewrite.text.unicodeScalars {
                    scalars.append(scalar)
                    offsets.append(index)
                }
                index = rewrite.range.upperBound - base
                continue
            }
            pending = pending.drop { $0.range.lowerBound - base < index }
            scalars.append(source[index])
            offsets.append(index)
            index += 1
        }
        offsets.append(source.count)
        self.init(scalars: scalars, sourceOffsets: offsets)
    }
}

extension SpokenText {
    /// The offset in ``text`` where source offset `offset` starts: the
    /// first scalar that stands for it or for something after it.
    func spokenOffset(of offset: Int) -> Int {
        var low = 0
        var high = sourceOffsets.count - 1
        while low < high {
            let middle = (low + high) / 2
            if sourceOffsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// `utterance` as the engine reads it: ``text`` for its text, its
    /// pronunciations moved to the same words there (no spoken form
    /// overlaps them, see ``SpokenForms/spoken(_:keeping:)``).
    func carrying(_ utterance: Utterance) -> Utterance {
        guard !isUnchanged else { return utterance }
        var spoken = utterance
        spoken.text = text
        spoken.pronunciations = utterance.pronunciations.map { pronunciation in
            var moved = pronunciation
            let lower = spokenOffset(of: pronunciation.range.lowerBound)
            moved.range = lower..<max(lower, spokenOffset(of: pronunciation.range.upperBound))
            return moved
        }
        return spoken
    }

    /// For each scalar of a text made from ``text`` (whose scalars point
    /// into ``text`` through `inner`, or are ``text`` itself when nil), its
    /// offset in the source string.
    func sourceOffsets(through inner: [Int32]?) -> [Int32] {
        guard let inner else { return sourceOffsets.dropLast().map { Int32($0) } }
        return inner.map { Int32(sourceOffset(of: Int($0))) }
    }
}
