import TextPrimitives

/// The quotation each block of a page starts in: none, unless one left open
/// at the end of the block before goes on into it (quoted verse set line by
/// line: ``QuotationDepth/endParagraph(before:)``), read the same way as the
/// dialogue voice reads the utterances.
enum QuotationCarry {
    /// The quotations open after `prepared[index]`, which left `quotation`
    /// open at its end, going into the next block of the page: forgotten at
    /// the page's last block, else kept only if the blocks after it close
    /// one first.
    static func afterBlock(
        _ quotation: QuotationDepth, at index: Int, in prepared: [PreparedBlock], last: Int
    ) -> QuotationDepth {
        guard quotation.hasOpenQuotation, index < last else { return QuotationDepth() }
        // Read a little of what follows first (the next paragraph's first
        // mark most often decides), more only while the answer is unsure.
        var length = 256
        while true {
            let (following, isWhole) = text(after: index, in: prepared, last: last, length: length)
            let goesOn = following.withUnsafeBufferPointer { quotation.goesOn(into: $0, isWhole: isWhole) }
            if let goesOn {
                var carried = quotation
                carried.endParagraph(goingOn: goesOn)
                return carried
            }
            length *= 4
        }
    }

    /// The page's text after `prepared[index]` (its blocks joined by line
    /// breaks, as the page's utterances are): its first `length` scalars,
    /// at most ``QuotationDepth/continuationText``, and whether that is all
    /// of it or all that is read.
    private static func text(
        after index: Int, in prepared: [PreparedBlock], last: Int, length: Int
    ) -> ([Unicode.Scalar], isWhole: Bool) {
        let limit = min(length, QuotationDepth.continuationText)
        var following: [Unicode.Scalar] = []
        var next = index + 1
        while next <= last, following.count < limit {
            following += prepared[next].scalars.prefix(limit - following.count)
            if next < last, following.count < limit { following.append("\n") }
            next += 1
        }
        let isWhole = limit == QuotationDepth.continuationText || (next > last && following.count < limit)
        return (following, isWhole)
    }

    /// The quotation each of `pieces` (consecutive ranges of `prepared`)
    /// starts in, read block by block from the page's start, so that the
    /// pieces built apart start as one pass over the page would.
    static func starts(of pieces: [Range<Int>], in prepared: [PreparedBlock], last: Int) -> [QuotationDepth] {
        var quotation = QuotationDepth()
        var starts: [QuotationDepth] = []
        for piece in pieces {
            starts.append(quotation)
            for index in piece {
                prepared[index].scalars.withUnsafeBufferPointer { quotation.read(all: $0) }
                quotation = afterBlock(quotation, at: index, in: prepared, last: last)
            }
        }
        return starts
    }
}
