import BookModel
import TextPrimitives

/// Cuts a block's `ssml:ph` pronunciations to the utterances the block is
/// split into: the utterance where one begins says it (over the part of it
/// that it holds); later utterances it reaches into are marked
/// ``Pronunciation/Spoken/continued`` over their part, so they stay silent
/// there.
enum InlinePronunciations {
    /// The pronunciations of the utterance covering `segment` of `block`'s
    /// scalars, with ranges relative to the segment.
    static func slice(
        _ ranges: [(range: Range<Int>, spoken: Pronunciation.Spoken)], to segment: Range<Int>, of scalars: [Unicode.Scalar]
    ) -> [Pronunciation] {
        ranges.compactMap { range, spoken in
            var overlap = range.clamped(to: segment)
            while let last = overlap.last, scalars[last].properties.isWhitespace { overlap = overlap.dropLast() }
            while let first = overlap.first, scalars[first].properties.isWhitespace { overlap = overlap.dropFirst() }
            guard !overlap.isEmpty else { return nil }
            let local = (overlap.lowerBound - segment.lowerBound)..<(overlap.upperBound - segment.lowerBound)
            let said: Pronunciation.Spoken = range.lowerBound >= segment.lowerBound ? spoken : .continued
            return Pronunciation(range: local, spoken: said, origin: .inline)
        }
    }
}
