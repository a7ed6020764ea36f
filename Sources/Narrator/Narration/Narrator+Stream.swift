import BookModel

extension Narrator {
    /// Speaks the selection of a streamed book: pulls pages one at a time,
    /// counting every page of the book so that `--pages` and `--from` mean
    /// what they mean for a whole book, and stops pulling after the last
    /// page it needs.
    func speak(
        _ stream: any PageStream, to sink: any AudioSink, observer: (any NarrationObserver)?,
        shouldStop: () -> Bool
    ) throws(NarrationError) -> NarrationResult {
        var cursor = StreamCursor(stream: stream, pages: options.pages, start: options.start)
        let progress = NarrationProgress(
            page: cursor.firstPage, pageCount: 0, charactersDone: 0, charactersTotal: 0, samplesWritten: clock,
            estimatedFraction: 0)
        return try speak(
            next: { () throws(NarrationError) in
                let (next, newPage) = try cursor.next()
                if let newPage { warningHandler(stream.takeWarnings() + resolveLanguages(of: newPage.utterances)) }
                return next
            },
            progress: progress, estimate: { cursor.fractionDone(charactersDone: $0) }, to: sink, observer: observer,
            shouldStop: shouldStop)
    }
}

/// Walks the selected utterances of a ``PageStream``, page by page.
struct StreamCursor {
    let stream: any PageStream
    let pages: ClosedRange<Int>?
    let start: UtterancePosition?
    /// 0-based index of the first page read aloud.
    let firstPage: Int
    /// 0-based index of the last page that has to be read from the stream.
    private let lastNeededPage: Int
    private var page = Page()
    private var pageIndex = -1
    private var utteranceIndex = 0
    /// Progress bookkeeping: characters handed out before the current page,
    /// its length, and the stream's fraction before and after reading it.
    private var charactersBeforePage = 0
    private var pageCharacters = 0
    private var fractionBeforePage = 0.0
    private var fractionAfterPage = 0.0
    private var fractionAtSelectionStart: Double?

    init(stream: any PageStream, pages: ClosedRange<Int>?, start: UtterancePosition?) {
        self.stream = stream
        self.pages = pages
        self.start = start
        firstPage = max(pages.map { $0.lowerBound - 1 } ?? 0, start?.page ?? 0)
        lastNeededPage = max(pages.map { $0.upperBound - 1 } ?? Int.max, start?.page ?? 0)
    }

    /// The next utterance to speak, and the page just read when it is the
    /// first of a page; nil at the end of the selection.
    /// - Throws: ``NarrationError/input(_:)`` when the stream fails,
    ///   ``NarrationError/invalidSelection(_:)`` when `--pages` or `--from`
    ///   lies outside the book.
    mutating func next() throws(NarrationError) -> ((UtterancePosition, Utterance)?, Page?) {
        var newPage: Page?
        while utteranceIndex >= page.utterances.count {
            guard try readPage() else { return (nil, newPage) }
            newPage = page
        }
        defer { utteranceIndex += 1 }
        return ((UtterancePosition(page: pageIndex, utterance: utteranceIndex), page.utterances[utteranceIndex]), newPage)
    }

    /// Reads the next page to speak from (skipping those before the
    /// selection); false at the end of the selection or of the book.
    private mutating func readPage() throws(NarrationError) -> Bool {
        while pageIndex < lastNeededPage {
            fractionBeforePage = stream.fractionRead
            let next: Page?
            do { next = try stream.nextPage() } catch { throw .input("\(error)") }
            guard let next else { return try endOfBook(pageCount: pageIndex + 1) }
            pageIndex += 1
            if let start, start.page == pageIndex { try check(start, on: next) }
            guard pageIndex >= firstPage else { continue }
            if pages.map({ pageIndex > $0.upperBound - 1 }) ?? false { return false }
            try open(next)
            return true
        }
        return false
    }

    private mutating func open(_ next: Page) throws(NarrationError) {
        charactersBeforePage += pageCharacters
        page = next
        pageCharacters = next.utterances.reduce(0) { $0 + $1.text.unicodeScalars.count }
        fractionAfterPage = stream.fractionRead
        if fractionAtSelectionStart == nil { fractionAtSelectionStart = fractionBeforePage }
        utteranceIndex = 0
        if let start, start.page == pageIndex {
            utteranceIndex = start.utterance
            charactersBeforePage -= next.utterances[..<start.utterance].reduce(0) { $0 + $1.text.unicodeScalars.count }
        }
    }

    private func check(_ start: UtterancePosition, on page: Page) throws(NarrationError) {
        let count = page.utterances.count
        guard start.utterance >= 0, start.utterance < max(count, 1) else {
            throw .invalidSelection("page \(start.page + 1) has \(count) utterances, not \(start.utterance + 1)")
        }
    }

    /// The same checks as a whole book's selection, once the page count is known.
    private func endOfBook(pageCount: Int) throws(NarrationError) -> Bool {
        if let pages, pages.upperBound > pageCount {
            throw .invalidSelection("pages \(pages.lowerBound)-\(pages.upperBound) are outside the book (1-\(pageCount))")
        }
        if let start, start.page >= pageCount {
            throw .invalidSelection("page \(start.page + 1) is outside the book (1-\(pageCount))")
        }
        return false
    }

    /// The share of the selection done once `charactersDone` characters of
    /// it are spoken: by pages for `--pages`, else by the stream's position
    /// in the input, interpolated within the current page.
    func fractionDone(charactersDone: Int) -> Double {
        let withinPage = pageCharacters > 0
            ? min(1, max(0, Double(charactersDone - charactersBeforePage) / Double(pageCharacters))) : 1
        if let pages {
            let done = Double(pageIndex - firstPage) + withinPage
            return min(1, max(0, done / Double(pages.upperBound - firstPage)))
        }
        let start = fractionAtSelectionStart ?? 0
        let here = fractionBeforePage + (fractionAfterPage - fractionBeforePage) * withinPage
        return start < 1 ? min(1, max(0, (here - start) / (1 - start))) : 1
    }
}
