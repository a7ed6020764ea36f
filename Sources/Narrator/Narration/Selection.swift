import BookModel

extension Narrator {
    /// The positions to read: the chosen pages (1-based, inclusive), from
    /// `start` on.
    static func selection(of book: Book, pages: ClosedRange<Int>?, start: UtterancePosition?)
        throws(NarrationError) -> [UtterancePosition]
    {
        let pageCount = book.pages.count
        var pageIndices = 0..<pageCount
        if let pages {
            guard pages.lowerBound >= 1, pages.upperBound <= pageCount else {
                throw .invalidSelection("pages \(pages.lowerBound)-\(pages.upperBound) are outside the book (1-\(pageCount))")
            }
            pageIndices = (pages.lowerBound - 1)..<pages.upperBound
        }
        if let start {
            guard book.pages.indices.contains(start.page) else {
                throw .invalidSelection("page \(start.page + 1) is outside the book (1-\(pageCount))")
            }
            let count = book.pages[start.page].utterances.count
            guard start.utterance >= 0, start.utterance < max(count, 1) else {
                throw .invalidSelection("page \(start.page + 1) has \(count) utterances, not \(start.utterance + 1)")
            }
        }
        var positions: [UtterancePosition] = []
        for page in pageIndices {
            for index in book.pages[page].utterances.indices {
                let position = UtterancePosition(page: page, utterance: index)
                if let start, position < start { continue }
                positions.append(position)
            }
        }
        return positions
    }

    /// One warning for the whole book when delays pass
    /// ``ProsodyMapping/longestDelay``.
    static func delayWarning(_ book: Book) -> Warning? {
        var count = 0
        var first: UtterancePosition?
        for (pageIndex, page) in book.pages.enumerated() {
            for (index, utterance) in page.utterances.enumerated() {
                let delays = [utterance.prosody.preUtteranceDelay, utterance.prosody.postUtteranceDelay]
                let long = delays.compactMap { $0 }.filter { $0 > ProsodyMapping.longestDelay }.count
                if long > 0, first == nil { first = UtterancePosition(page: pageIndex, utterance: index) }
                count += long
            }
        }
        guard let first else { return nil }
        return Warning(
            "\(count) delay\(count == 1 ? "" : "s") longer than \(Int(ProsodyMapping.longestDelay)) s; shortened to \(Int(ProsodyMapping.longestDelay)) s when speaking",
            at: first.description)
    }

    /// One warning for the whole book when any prosody lies outside
    /// AVSpeech's ranges: how many, and the first one.
    static func prosodyWarning(_ book: Book) -> Warning? {
        var count = 0
        var first: (UtterancePosition, Prosody.Property, Double)?
        for (pageIndex, page) in book.pages.enumerated() {
            for (index, utterance) in page.utterances.enumerated() {
                let outliers = utterance.prosody.outOfRangeProperties
                guard let outlier = outliers.first else { continue }
                count += outliers.count
                if first == nil { first = (UtterancePosition(page: pageIndex, utterance: index), outlier.property, outlier.value) }
            }
        }
        guard let (position, property, value) = first else { return nil }
        let range = property.validRange
        let rangeText = range.upperBound > 1e300 ? "≥ \(range.lowerBound.formatted)" : "\(range.lowerBound.formatted)…\(range.upperBound.formatted)"
        let others = count > 1 ? " and \(count - 1) more" : ""
        return Warning(
            "\(property.rawValue) \(value.formatted) is outside AVSpeech's \(rangeText)\(others); clamped when speaking",
            at: position.description)
    }
}

extension Double {
    /// Short decimal text: `1.3`, `2`.
    var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
