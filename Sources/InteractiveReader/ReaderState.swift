import BookModel
import Segmentation

/// Where the reader is and how it reads: page, sentence and word, pause and
/// speed. A plain value; every move is a pure function of the state, so the
/// reader's behaviour is tested without a terminal or a voice.
public struct ReaderState: Sendable {
    /// The book's pages.
    public let pages: [Page]
    /// How pages are cut into sentences: the importers' splitter, so the
    /// reader's sentences are those `narrate info` counts, whatever
    /// `--split` made the utterances.
    public let splitter: SentenceSplitter
    /// 0-based index of the current page.
    public private(set) var pageIndex: Int
    /// The current page, prepared for reading.
    public private(set) var page: ReaderPage
    /// 0-based index of the current sentence within the page.
    public private(set) var sentence: Int
    /// The word being spoken, as offsets into the page text; `nil` between
    /// words and before speech starts.
    public var word: Range<Int>?
    /// True while paused (also after the end of the book).
    public private(set) var isPaused: Bool
    /// True once the last sentence of the book has been read.
    public private(set) var isFinished = false
    /// Reading speed as a multiple of normal (`narrate speak --rate`): 1 is
    /// normal, 2 twice as fast.
    public private(set) var speed: Double

    /// Speeds the reader offers, as `narrate speak --rate` does.
    public static let speeds = 0.25...4.0
    /// How much + and − change the speed.
    public static let speedStep = 0.1

    /// Opens a book at `position` (clamped to the book).
    /// - Parameter language: the book's language, for its abbreviations.
    public init(pages: [Page], language: String? = nil, position: ReadingPosition = ReadingPosition(),
                speed: Double = 1, paused: Bool = false) {
        self.pages = pages
        splitter = SentenceSplitter(language: language)
        pageIndex = min(max(0, position.page), max(0, pages.count - 1))
        page = ReaderPage(pages.indices.contains(pageIndex) ? pages[pageIndex] : Page(), splitter: splitter)
        sentence = page.sentence(containing: position.offset)
        self.speed = min(max(speed, Self.speeds.lowerBound), Self.speeds.upperBound)
        isPaused = paused
    }

    /// The place to remember: the page and the start of the sentence.
    public var position: ReadingPosition {
        ReadingPosition(page: pageIndex, offset: page.sentences.indices.contains(sentence)
            ? page.sentences[sentence].range.lowerBound : 0)
    }

    /// Applies a key's move.
    public mutating func apply(_ move: ReaderMove) {
        switch move {
        case .nextSentence: nextSentence()
        case .previousSentence: previousSentence()
        case .nextParagraph: nextParagraph()
        case .previousParagraph: previousParagraph()
        case .nextPage: goToPage(pageIndex + 1)
        case .previousPage: goToPage(pageIndex - 1)
        case .goToPage(let index): goToPage(index)
        case .faster: setSpeed(speed + Self.speedStep)
        case .slower: setSpeed(speed - Self.speedStep)
        case .togglePause: togglePause()
        }
    }

    /// Moves on after the current sentence has been spoken; at the end of
    /// the book, pauses and marks it finished.
    public mutating func advance() {
        if sentence + 1 < page.sentences.count {
            select(sentence: sentence + 1)
        } else if pageIndex + 1 < pages.count {
            load(page: pageIndex + 1, sentence: 0)
        } else {
            isFinished = true
            isPaused = true
            word = nil
        }
    }

    private mutating func nextSentence() {
        if sentence + 1 < page.sentences.count { select(sentence: sentence + 1) } else { goToPage(pageIndex + 1) }
    }

    private mutating func previousSentence() {
        if sentence > 0 { select(sentence: sentence - 1) } else if pageIndex > 0 {
            load(page: pageIndex - 1, sentence: Int.max)
        } else { select(sentence: 0) }
    }

    private mutating func nextParagraph() {
        let current = page.sentences.indices.contains(sentence) ? page.sentences[sentence].paragraph : 0
        if let next = page.sentences.firstIndex(where: { $0.paragraph > current }) {
            select(sentence: next)
        } else { goToPage(pageIndex + 1) }
    }

    /// Goes to the start of the previous paragraph (from a paragraph's first
    /// sentence) or of the previous page's last paragraph.
    private mutating func previousParagraph() {
        let current = page.sentences.indices.contains(sentence) ? page.sentences[sentence].paragraph : 0
        if current > 0 {
            select(sentence: firstSentence(ofParagraph: current - 1))
        } else if pageIndex > 0 {
            load(page: pageIndex - 1, sentence: 0)
            select(sentence: firstSentence(ofParagraph: page.paragraphCount - 1))
        } else { select(sentence: 0) }
    }

    private func firstSentence(ofParagraph paragraph: Int) -> Int {
        page.sentences.firstIndex { $0.paragraph == paragraph } ?? 0
    }

    /// Goes to the first sentence of a page (0-based; clamped to the book).
    private mutating func goToPage(_ index: Int) {
        let target = min(max(0, index), max(0, pages.count - 1))
        if target == pageIndex && index != pageIndex && !pages.isEmpty { return }
        load(page: target, sentence: 0)
    }

    private mutating func load(page index: Int, sentence: Int) {
        guard pages.indices.contains(index) else { return }
        pageIndex = index
        page = ReaderPage(pages[index], splitter: splitter)
        select(sentence: min(sentence, max(0, page.sentences.count - 1)))
    }

    private mutating func select(sentence index: Int) {
        sentence = index
        word = nil
        isFinished = false
    }

    private mutating func setSpeed(_ speed: Double) {
        // On the grid of steps, so that + then − comes back exactly.
        let stepped = (speed / Self.speedStep).rounded() * Self.speedStep
        self.speed = min(max(stepped, Self.speeds.lowerBound), Self.speeds.upperBound)
    }

    private mutating func togglePause() {
        if isFinished {
            load(page: 0, sentence: 0)
            isPaused = false
        } else {
            isPaused.toggle()
        }
    }
}

/// What a key asks the reader to do.
public enum ReaderMove: Hashable, Sendable {
    case nextSentence, previousSentence, nextParagraph, previousParagraph, nextPage, previousPage
    /// Go to a page by 0-based index.
    case goToPage(Int)
    case faster, slower, togglePause
}

/// A place in a book, as remembered between sessions: the page and a
/// Unicode-scalar offset into its text (the start of a sentence), which
/// survives a change of `--split`.
public struct ReadingPosition: Hashable, Codable, Sendable {
    /// 0-based page index.
    public var page: Int
    /// Offset into the page text, in Unicode scalars.
    public var offset: Int

    public init(page: Int = 0, offset: Int = 0) {
        self.page = page
        self.offset = offset
    }
}
