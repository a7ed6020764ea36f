import BookFiles
import TextPrimitives
import Testing

@testable import Importers

/// The layout rules of the PDF importer on plain lines (text, place, type
/// size), without PDFs: what poppler gives for a page is a list of these.
struct PDFLayoutTests {
    /// A page of body lines from `top`, 14.4 points apart; `indented`
    /// lines start 18 points in, `short` ones end well before the edge.
    static func page(_ texts: [String], top: Double = 100, indented: Set<Int> = [0], short: Set<Int> = [],
                     header: String? = nil, footer: String? = nil) -> PDFTextPage {
        var lines = texts.enumerated().map { index, text in
            PDFTextLine(text, left: indented.contains(index) ? 90 : 72, top: top + Double(index) * 14.4,
                right: short.contains(index) ? 300 : 540)
        }
        if let header { lines.insert(PDFTextLine(header, left: 250, top: 40, right: 360, fontSize: 9), at: 0) }
        if let footer { lines.append(PDFTextLine(footer, left: 300, top: 750, right: 306, fontSize: 9)) }
        return PDFTextPage(lines: lines)
    }

    static let words = ["acorn", "beech", "chestnut", "dormouse", "elm", "fir", "gorse", "hazel", "ivy", "juniper", "kestrel", "larch"]

    static func paragraphs(_ pages: [PDFTextPage]) -> [String] {
        LineParagraphs(FlowLine.flow(pages)).blocks(resource: nil).map(\.block.text)
    }

    @Test func runningHeadersAndPageNumbersAreRemovedAndTheTextKept() {
        let pages = Self.words.indices.map { number in
            Self.page(["The \(Self.words[number]) goes on", "and on past the \(Self.words[number])."], short: [1],
                header: "The Squirrel Book", footer: "\(number + 1)")
        }
        let kept = RunningLines.removed(from: pages)
        #expect(kept.map { $0.lines.map(\.text) } == Self.words.map { ["The \($0) goes on", "and on past the \($0)."] })
    }

    @Test func aHeaderThatNamesEachSectionGoesWithTheOthersAtItsHeight() {
        let sections = ["Titlepage", "Imprint", "I", "I", "I", "II", "II", "II"]
        let pages = sections.enumerated().map { number, section in
            Self.page(["The \(Self.words[number])."], short: [0], header: "Pride and Prejudice — \(section)",
                footer: "\(number + 1)")
        }
        let kept = RunningLines.removed(from: pages)
        #expect(kept.map { $0.lines.map(\.text) } == sections.indices.map { ["The \(Self.words[$0])."] })
    }

    @Test func chapterHeadingsAtTheSameHeightChaptersApartAreKept() {
        let pages = (0..<12).map { number in
            number % 4 == 0
                ? Self.page(["Chapter \(number / 4 + 1)", "It begins."], top: 60, indented: [], short: [1])
                : Self.page(["About the \(Self.words[number])."], short: [0])
        }
        let kept = RunningLines.removed(from: pages)
        #expect(kept == pages)
    }

    @Test func paragraphsStartAtIndentsAndAfterShortLinesThatEndASentence() {
        let page = Self.page(
            ["The squirrel gathered acorns all", "morning long.", "“Enough?” she asked.", "She counted them", "again."],
            indented: [0, 2], short: [1, 2, 4])
        #expect(Self.paragraphs([page]) == [
            "The squirrel gathered acorns all morning long.", "“Enough?” she asked.", "She counted them again.",
        ])
    }

    @Test func linesThatEndFarShortOfTheEdgeAreKeptApart() {
        let verse = ["April is the cruellest month, breeding", "Lilacs out of the dead land, mixing", "Memory and desire."]
        let page = Self.page(verse + ["A line of prose from edge to edge sets the page's margins."], indented: [], short: [0, 1, 2])
        #expect(Self.paragraphs([page]).prefix(3) == verse[...])
    }

    @Test func centredLinesRunOnUntilOneEndsASentence() {
        let lines = [("This book was published in 1813 by", 180.0), ("Jane Austen.", 270), ("It was set in", 240), ("Caslon.", 280)]
        let page = PDFTextPage(lines: lines.enumerated().map { index, line in
            PDFTextLine(line.0, left: line.1, top: 100 + Double(index) * 14.4, right: 612 - line.1)
        } + [PDFTextLine("A body line from edge to edge sets the page's margins.", top: 200)])
        #expect(Self.paragraphs([page]).prefix(2) == ["This book was published in 1813 by Jane Austen.", "It was set in Caslon."])
    }

    @Test func aWiderGapStartsAParagraphAndAParagraphRunsOnToTheNextPage() {
        var first = Self.page(["Spring came.", "The oak grew tall and the", "river"], indented: [], short: [0])
        first.lines[1].top += 10
        first.lines[2].top += 10
        let second = Self.page(["rose with the melting snow."], indented: [], short: [0])
        #expect(Self.paragraphs([first, second]) == ["Spring came.", "The oak grew tall and the river rose with the melting snow."])
    }

    @Test(arguments: [
        ("a typesetter's hyphen goes", ["neigh-", "bourhood"], [], "neighbourhood"),
        ("a compound the book uses whole keeps its hyphen", ["well-", "known"], ["a well-known squirrel"], "well-known"),
        ("a word the book uses whole loses it", ["to-", "day"], ["today"], "today"),
        ("a compound whose first part makes others keeps it", ["self-", "denial"], ["self-command"], "self-denial"),
        ("before a capital the hyphen stays", ["Anglo-", "Saxon"], [], "Anglo-Saxon"),
        ("a soft hyphen always goes", ["acro\u{AD}", "bat"], [], "acrobat"),
        ("an em dash joins without a space", ["and then—", "nothing"], [], "and then—nothing"),
    ])
    func wordsBrokenAtALineEndAreJoined(label: String, broken: [String], elsewhere: [String], expected: String) {
        let lines = (broken + elsewhere).map { PDFTextLine($0, top: 0) }
        let dehyphenator = Dehyphenator(lines: lines)
        #expect(dehyphenator.join(broken[0], broken[1]) == expected, "\(label)")
    }

    @Test func linesSetLargerThanTheBodyAreHeadingsByHowMuchLarger() {
        var page = Self.page(["Part One", "Chapter One", "The", "Beginning", "It was a cold morning."], indented: [], short: [4])
        page.lines[0].fontSize = 24
        page.lines[1].fontSize = 16
        page.lines[2].fontSize = 14
        page.lines[3].fontSize = 14
        let blocks = LineParagraphs(FlowLine.flow([page])).blocks(resource: nil).map(\.block)
        #expect(blocks.map(\.kind) == [.heading(level: 1), .heading(level: 2), .heading(level: 3), .paragraph])
        #expect(blocks.map(\.text) == ["Part One", "Chapter One", "The Beginning", "It was a cold morning."])
    }

    @Test func outlineEntriesStartPagesAtTheLineTheyLeadTo() {
        let pages = [
            PDFTextPage(lines: []),
            Self.page(["Imprint text."], short: [0]),
            Self.page(["Chapter text", "runs on.", "Second chapter."], indented: [0, 2], short: [1, 2]),
        ]
        let lines = FlowLine.flow(pages)
        let outline = [
            PDFOutlineEntry("Titlepage", page: 0), PDFOutlineEntry("Imprint", page: 1),
            PDFOutlineEntry("One", page: 2, top: 90), PDFOutlineEntry("Back to the start", page: 1),
            PDFOutlineEntry("Two", depth: 1, page: 2, top: 128),
        ]
        let marks = OutlineSections.marks(outline, in: lines)
        #expect(marks.map(\.title) == ["Imprint", "One", "Two"])
        let blocks = LineParagraphs(lines).blocks(breaks: Set(marks.map(\.line)), resource: nil)
        let sections = OutlineSections.split(blocks, at: marks)
        #expect(sections.map(\.title) == ["Imprint", "One", "Two"])
        #expect(sections.map { $0.blocks.map(\.text) } == [["Imprint text."], ["Chapter text runs on."], ["Second chapter."]])
    }

    @Test func metadataComesFromXMPFirstThenTheInfoDictionary() {
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li>Nuts</rdf:li></rdf:Alt></dc:title>
            <dc:language><rdf:Bag><rdf:li>fr</rdf:li></rdf:Bag></dc:language><dc:date><rdf:Seq><rdf:li>1813-01-28T00:00:00Z</rdf:li></rdf:Seq></dc:date>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let info = PDFInfo(title: "Ignored", author: "Ada Acorn & Basil Burrow", subject: "About nuts.", keywords: "nuts, oaks",
            creationDate: "2024-01-05", xmp: Array(xmp.utf8))
        let metadata = PDFMetadata.read(info)
        #expect(metadata.title == "Nuts")
        #expect(metadata.authors == ["Ada Acorn", "Basil Burrow"])
        #expect(metadata.language == "fr")
        #expect(metadata.date == "1813-01-28")
        #expect(metadata.summary == "About nuts.")
        #expect(metadata.subjects == ["nuts", "oaks"])
        var plain = info
        plain.xmp = Array("<not xml".utf8)
        #expect(PDFMetadata.read(plain).title == "Ignored")
        #expect(PDFMetadata.read(plain).date == "2024-01-05")
    }
}
