import TextPrimitives

/// The quotation each block of a page starts in: none, unless one left open
/// at the end of the block before goes on into it (quoted verse set line by
/// line: ``QuotationDepth/endParagraph(before:)``), read the same way as the
/// dialogue voice reads the utterances.
enum QuotationCarry {
    /// The quotations open after `prepared[index]`, which left `quotation`
    /// open at its end, going into the next block of the page: forgotten at
    /// the page's last block, else kept only if the blocks after it close
    /// one first (read as the page's utterances join them, by line breaks).
    static func afterBlock(
        _ quotation: QuotationDepth, at index: Int, in prepared: [PreparedBlock], last: Int
    ) -> QuotationDepth {
        guard quotation.hasOpenQuotation, index < last else { return QuotationDepth() }
        var carried = quotation
        carried.endParagraph(before: { index + 1 + $0 <= last ? prepared[index + 1 + $0].scalars[...] : nil }, joinedBy: "\n")
        return carried
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
