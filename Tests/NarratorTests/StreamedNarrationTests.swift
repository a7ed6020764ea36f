import BookModel
import Narrator
import Testing

/// A book whose pages come in parts sounds exactly like the same book whose
/// pages come whole: the same engine calls, samples, timings and page marks,
/// with `--pages` and `--from` counting the pages of the whole book, whether
/// or not the stream knows its page count.
struct StreamedNarrationTests {
    private struct Run: Equatable {
        var requests: [SpeechRequest]
        var samples: [Int16]
        var timings: [UtteranceTiming]
        var pages: [Int]
        var pageSamples: [Int]
        var result: NarrationResult
    }

    /// How the book reaches the narrator.
    enum Delivery: CaseIterable {
        /// Whole pages, with the page count known before the first.
        case pages
        /// Parts of one to three utterances, the page count unknown.
        case parts
    }

    private func narrate(_ book: Book, options: NarrationOptions, delivery: Delivery, warnings: WarningSink = .ignoring)
        throws -> Run
    {
        let engine = RecordingSpeechEngine()
        let narrator = try Narrator(engine: engine, options: options, language: book.metadata.language, warnings: warnings)
        let stream: any PageStream = delivery == .pages ? BookPageStream(book) : PartedPageStream(book)
        let sink = MemorySink()
        let recorder = TimingRecorder()
        let result = try narrator.narrate(stream, to: sink, observer: recorder)
        return Run(
            requests: engine.requests, samples: sink.samples, timings: recorder.timings,
            pages: recorder.pages.map(\.page), pageSamples: recorder.pages.map(\.sample), result: result)
    }

    /// Five pages: per-word sentences running over page ends, delays, a
    /// French utterance, a punctuation-only utterance.
    private static let book = Book(
        metadata: BookMetadata(language: "en"),
        pages: [
            Page(utterances: Books.perWord("Whirly, twirly, the squirrel ran up the tall tree").pages[0].utterances),
            Page(utterances: [
                Utterance("and hid. "), Utterance("Bonjour. ", language: "fr"),
                Utterance("Wait ", prosody: Prosody(preUtteranceDelay: 0.03)),
                Utterance("now. ", prosody: Prosody(rate: 0.3, postUtteranceDelay: 0.02)), Utterance("— "),
            ]),
            Page(utterances: [Utterance("Page three has one sentence.")]),
            Page(utterances: Books.perWord("Four is read word by word, with no end").pages[0].utterances),
            Page(utterances: [Utterance("Five. "), Utterance("The end.", prosody: Prosody(pitchMultiplier: 1.5))]),
        ])

    private static let selections: [NarrationOptions] = [
        NarrationOptions(),
        NarrationOptions(pages: 2...2),
        NarrationOptions(pages: 2...4),
        NarrationOptions(pages: 5...5),
        NarrationOptions(start: UtterancePosition(page: 1, utterance: 3)),
        NarrationOptions(start: UtterancePosition(page: 3, utterance: 0)),
        NarrationOptions(pages: 1...3, start: UtterancePosition(page: 0, utterance: 4)),
        NarrationOptions(pages: 3...5, start: UtterancePosition(page: 0, utterance: 2)),
        NarrationOptions(voice: "en-us", mapping: ProsodyMapping(rateScale: 2, pitchScale: 0.5, volumeScale: 1.5)),
    ]

    @Test(arguments: selections)
    func pagesInPartsAreSpokenLikeWholePages(options: NarrationOptions) throws {
        let whole = try narrate(Self.book, options: options, delivery: .pages)
        let streamed = try narrate(Self.book, options: options, delivery: .parts)
        #expect(!whole.requests.isEmpty)
        #expect(streamed.requests == whole.requests)
        #expect(streamed.samples == whole.samples)
        #expect(streamed.timings == whole.timings)
        #expect(streamed.pages == whole.pages)
        #expect(streamed.pageSamples == whole.pageSamples)
        #expect(streamed.result == whole.result)
    }

    @Test(arguments: [
        NarrationOptions(pages: 6...9), NarrationOptions(start: UtterancePosition(page: 7, utterance: 0)),
        NarrationOptions(start: UtterancePosition(page: 2, utterance: 1)),
    ])
    func selectionsOutsideTheBookFailWithTheSameMessage(options: NarrationOptions) throws {
        var messages: [String] = []
        for delivery in Delivery.allCases {
            do {
                _ = try narrate(Self.book, options: options, delivery: delivery)
            } catch let error as NarrationError {
                guard case .invalidSelection(let message) = error else { continue }
                messages.append(message)
            }
        }
        #expect(messages.count == 2)
        #expect(Set(messages).count == 1)
    }

    @Test func aRangeRunningPastTheEndReadsWhatThereIsThenWarnsWithThePageCount() throws {
        for delivery in Delivery.allCases {
            let collector = WarningCollector()
            let past = try narrate(Self.book, options: NarrationOptions(pages: 4...9), delivery: delivery, warnings: collector.sink)
            let within = try narrate(Self.book, options: NarrationOptions(pages: 4...5), delivery: delivery)
            #expect(past.samples == within.samples && past.pages == [3, 4])
            #expect(collector.warnings.map(\.message) == [
                "--pages 4-9 runs past the end of the book, which has 5 pages; read pages 4-5",
            ])
        }
    }

    @Test func pagesAfterTheSelectionAreNotRead() throws {
        let stream = CountingPageStream(BookPageStream(Self.book))
        let narrator = try Narrator(engine: RecordingSpeechEngine(), options: NarrationOptions(pages: 1...2), language: nil)
        _ = try narrator.narrate(stream, to: MemorySink())
        // Page 3 is asked for only to learn that page 2 has no more parts.
        #expect(stream.pagesGiven == 3)
    }

    @Test func languagesNoVoiceSpeaksAreReportedOnceWhenFirstMet() throws {
        var book = Self.book
        book.pages[2].utterances.append(Utterance(" Konnichiwa.", language: "ja"))
        book.pages[4].utterances.append(Utterance(" Sayonara.", language: "ja"))
        let collector = WarningCollector()
        let narrator = try Narrator(engine: RecordingSpeechEngine(), language: "en", warnings: collector.sink)
        _ = try narrator.narrate(PartedPageStream(book), to: MemorySink())
        #expect(collector.warnings.map(\.message) == ["no voice speaks 'ja'; using the book's voice"])
    }

    @Test func progressIsEstimatedFromTheStreamWithoutAPageCount() throws {
        let narrator = try Narrator(engine: RecordingSpeechEngine(), language: nil)
        let progress = ProgressRecorder()
        _ = try narrator.narrate(PartedPageStream(Self.book), to: MemorySink(), observer: progress)
        let fractions = progress.reports.compactMap(\.estimatedFraction)
        #expect(fractions.count == progress.reports.count)
        #expect(fractions == fractions.sorted())
        #expect(fractions.last == 1)
        #expect(progress.reports.allSatisfy { $0.pageCount == 0 })
    }
}

/// Passes a stream's pages on, counting them.
final class CountingPageStream: PageStream {
    private let base: any PageStream
    private(set) var pagesGiven = 0

    init(_ base: any PageStream) { self.base = base }

    var metadata: BookMetadata { base.metadata }
    var fractionRead: Double { base.fractionRead }

    func nextPart() throws -> PagePart? {
        let part = try base.nextPart()
        if part?.continuesPage == false { pagesGiven += 1 }
        return part
    }
}

/// A book's pages handed out in parts of one to three utterances.
final class PartedPageStream: PageStream {
    private let base: BookPageStream
    private var parts: [PagePart] = []

    init(_ book: Book) { base = BookPageStream(book) }

    var metadata: BookMetadata { base.metadata }
    var fractionRead: Double { base.fractionRead }

    func nextPart() throws -> PagePart? {
        if parts.isEmpty, let page = base.nextPart()?.page {
            var start = 0
            repeat {
                let end = min(page.utterances.count, start + 1 + (start + page.utterances.count) % 3)
                var part = page
                part.utterances = Array(page.utterances[start..<end])
                parts.append(PagePart(page: part, continuesPage: start > 0))
                start = end
            } while start < page.utterances.count
        }
        return parts.isEmpty ? nil : parts.removeFirst()
    }
}

final class ProgressRecorder: NarrationObserver {
    private(set) var reports: [NarrationProgress] = []
    func progressed(_ progress: NarrationProgress) { reports.append(progress) }
}
