import BookModel

/// Walks the selected utterances of a ``PageStream``, part by part.
struct StreamCursor {
    let stream: any PageStream
    let pages: ClosedRange<Int>?
    let start: UtterancePosition?
    /// Where a `--pages` range that runs past the end is reported.
    let warnings: WarningSink
    /// 0-based index of the first page read aloud.
    let firstPage: Int
    /// 0-based index of the last page that has to be read from the stream.
    private let lastNeededPage: Int
    private var part: [Utterance] = []
    /// 0-based index of the page being read; -1 before the first.
    private(set) var pageIndex = -1
    /// The title of the page being read (``Page/title``); nil before the first or for an untitled one.
    private(set) var pageTitle: String?
    /// Index in its page of the current part's first utterance.
    private(set) var partBase = 0
    private var utteranceIndex = 0
    private var isPastSelection = false
    /// Progress bookkeeping: characters handed out, those of the current
    /// part still to hand out when it was opened, and the stream's fraction
    /// before and after reading the part.
    private var charactersHandedOut = 0
    private var partStart = 0
    private var partCharacters = 0
    private var fractionBeforePart = 0.0
    private var fractionAfterPart = 0.0
    private var fractionAtSelectionStart: Double?
    private var lastFraction = 0.0
    private var hasWarnedOfTheEnd = false

    init(stream: any PageStream, pages: ClosedRange<Int>?, start: UtterancePosition?, warnings: WarningSink = .ignoring) {
        self.stream = stream
        self.pages = pages
        self.start = start
        self.warnings = warnings
        firstPage = max(pages.map { $0.lowerBound - 1 } ?? 0, start?.page ?? 0)
        lastNeededPage = max(pages.map { $0.upperBound - 1 } ?? Int.max, start?.page ?? 0)
    }

    /// The next utterance to speak, and the utterances of the part just
    /// read when it is the first of a part; nil at the end of the selection.
    /// - Throws: ``NarrationError/input(_:)`` when the stream fails,
    ///   ``NarrationError/invalidSelection(_:)`` when `--pages` or `--from`
    ///   lies wholly outside the book (a range that only runs past its end
    ///   is read up to the end, with a warning).
    mutating func next() throws(NarrationError) -> ((UtterancePosition, Utterance)?, [Utterance]?) {
        var newPart: [Utterance]?
        while utteranceIndex >= part.count {
            guard try readPart() else { return (nil, newPart) }
            newPart = part
        }
        defer { utteranceIndex += 1 }
        let utterance = part[utteranceIndex]
        charactersHandedOut += utterance.text.unicodeScalars.count
        return ((UtterancePosition(page: pageIndex, utterance: partBase + utteranceIndex), utterance), newPart)
    }

    /// The utterances of the current part after the last one handed out.
    var following: ArraySlice<Utterance> {
        utteranceIndex < part.count ? part[utteranceIndex...] : []
    }

    /// Reads the next part that has something to speak; false at the end of
    /// the selection or of the book.
    private mutating func readPart() throws(NarrationError) -> Bool {
        while !isPastSelection {
            fractionBeforePart = stream.fractionRead
            let next: PagePart?
            do { next = try stream.nextPart() } catch { throw .input("\(error)") }
            guard let next else {
                try checkStart(pageEnded: pageIndex)
                return try endOfBook(pageCount: pageIndex + 1)
            }
            if next.continuesPage && pageIndex >= 0 {
                partBase += part.count
            } else {
                try checkStart(pageEnded: pageIndex)
                guard pageIndex < lastNeededPage else {
                    isPastSelection = true
                    return false
                }
                pageIndex += 1
                partBase = 0
                pageTitle = next.page.title
            }
            part = next.page.utterances
            utteranceIndex = part.count
            guard pageIndex >= firstPage, pages.map({ pageIndex < $0.upperBound }) ?? true else { continue }
            utteranceIndex = pageIndex == start?.page ? max(0, (start?.utterance ?? 0) - partBase) : 0
            if utteranceIndex < part.count {
                open()
                return true
            }
        }
        return false
    }

    private mutating func open() {
        partStart = charactersHandedOut
        partCharacters = part[utteranceIndex...].reduce(0) { $0 + $1.text.unicodeScalars.count }
        fractionAfterPart = stream.fractionRead
        if fractionAtSelectionStart == nil { fractionAtSelectionStart = fractionBeforePart }
    }

    /// When the start page has ended: the start must be one of its
    /// utterances (or its first, for an empty page).
    private func checkStart(pageEnded page: Int) throws(NarrationError) {
        guard let start, start.page == page, page >= 0 else { return }
        let count = partBase + part.count
        guard start.utterance >= 0, start.utterance < max(count, 1) else {
            throw .invalidSelection("page \(start.page + 1) has \(count) utterances, not \(start.utterance + 1)")
        }
    }

    /// Checks the selection before anything is spoken when the stream knows
    /// its page count.
    mutating func checkAgainstPageCount() throws(NarrationError) {
        guard let count = stream.pageCount else { return }
        _ = try endOfBook(pageCount: count)
    }

    /// Checks that the selection lies inside a book of `pageCount` pages:
    /// a `--pages` range that starts inside it and runs past its end is
    /// warned of, once, and read up to the end.
    private mutating func endOfBook(pageCount: Int) throws(NarrationError) -> Bool {
        if let pages, pages.upperBound > pageCount {
            guard pages.lowerBound <= pageCount else {
                throw .invalidSelection(PageSelectionWords.outside(pages, pageCount: pageCount))
            }
            if !hasWarnedOfTheEnd {
                hasWarnedOfTheEnd = true
                warnings.warn(PageSelectionWords.pastTheEnd(pages, pageCount: pageCount))
            }
        }
        if let start, start.page >= pageCount {
            throw .invalidSelection(PageSelectionWords.outside(start: start.page, pageCount: pageCount))
        }
        return false
    }

    /// `1 page`, `18 pages`.

    /// The share of the selection done once `charactersDone` characters of
    /// it are spoken: by pages for `--pages`, else by the stream's position
    /// in the input, interpolated within the current part; never less than
    /// before.
    mutating func fractionDone(charactersDone: Int) -> Double {
        let within = partCharacters > 0 ? min(1, max(0, Double(charactersDone - partStart) / Double(partCharacters))) : 1
        var fraction: Double
        if let pages {
            fraction = (Double(pageIndex - firstPage) + within) / Double(max(pages.upperBound - firstPage, 1))
        } else {
            let start = fractionAtSelectionStart ?? 0
            let here = fractionBeforePart + (fractionAfterPart - fractionBeforePart) * within
            fraction = start < 1 ? (here - start) / (1 - start) : 1
        }
        lastFraction = max(lastFraction, min(1, max(0, fraction)))
        return lastFraction
    }
}

/// How a `--pages` or `--from` selection that leaves the book is told, in
/// every output alike (WAV as it is spoken, audiobooks and read-along
/// books before they are).
public enum PageSelectionWords {
    /// `--pages 5` (or `5-9`) of a book of 2 pages.
    public static func outside(_ pages: ClosedRange<Int>, pageCount: Int) -> String {
        "\(range(pages)) \(pages.count == 1 ? "is" : "are") outside the book, which has " + Self.pages(pageCount)
    }

    /// `--from` a page past the end (`start` counted from 0).
    public static func outside(start: Int, pageCount: Int) -> String {
        "page \(start + 1) is outside the book, which has " + pages(pageCount)
    }

    /// A range that starts inside the book and runs past its end: it is read up to the end.
    public static func pastTheEnd(_ pages: ClosedRange<Int>, pageCount: Int) -> String {
        "--pages \(pages.lowerBound)-\(pages.upperBound) runs past the end of the book, which has "
            + Self.pages(pageCount) + "; read pages \(pages.lowerBound)-\(pageCount)"
    }

    private static func range(_ pages: ClosedRange<Int>) -> String {
        pages.count == 1 ? "page \(pages.lowerBound)" : "pages \(pages.lowerBound)-\(pages.upperBound)"
    }

    private static func pages(_ count: Int) -> String { count == 1 ? "1 page" : "\(count) pages" }
}
