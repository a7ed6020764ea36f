import BookModel
import Testing

@testable import Exporters
@testable import PropertyLists

/// A book whose pages range from one short utterance to well past the size
/// at which rendered pages skip the sink's buffer, more than one batch of them.
private let book = Book(pages: (0..<100).map(page))

private func page(_ index: Int) -> Page {
    let count = index % 25 == 0 ? 300 : index % 5 + 1
    return Page(title: "Page \(index) <&>", utterances: (0..<count).map { utterance($0, page: index) })
}

private func utterance(_ number: Int, page: Int) -> Utterance {
    let pitch: Double = 1 + Double(number % 3) / 10
    return Utterance("Utterance \(number) of page \(page) “quoted” & <escaped>. ",
                     prosody: Prosody(rate: 0.5, pitchMultiplier: pitch))
}

@Test(arguments: [7, 4096, 1 << 20])
func pagesRenderedOnEveryCoreAreWrittenInOrderWhateverTheChunks(chunkSize: Int) throws {
    final class Collector { var bytes: [UInt8] = []; var chunks = 0 }
    let collector = Collector()
    try NarratedPlistWriter.write(book, format: .xml, to: ByteSink(chunkSize: chunkSize) {
        collector.bytes += $0
        collector.chunks += 1
    })
    #expect(collector.chunks > 1)
    let pages = try #require(try XMLPropertyListParser.parse(collector.bytes)["bookPages"]?.array)
    #expect(pages.map { $0["narratePageTitle"]?.string } == book.pages.map(\.title))
    #expect(pages.map { $0["utterances"]?.array?.map { $0["utteranceString"]?.string ?? "" } }
        == book.pages.map { $0.utterances.map(\.text) })
    #expect(collector.bytes == (try NarratedPlistWriter.bytes(of: book, format: .xml)))
}

@Test func aWriterErrorStopsTheWritingAndIsThrown() {
    struct Full: Error {}
    final class Counter { var written = 0 }
    let counter = Counter()
    #expect(throws: Full.self) {
        try NarratedPlistWriter.write(book, format: .xml, to: ByteSink(chunkSize: 4096) { bytes in
            guard counter.written < 100_000 else { throw Full() }
            counter.written += bytes.count
        })
    }
    #expect(counter.written < 200_000)
}
