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
    }

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
