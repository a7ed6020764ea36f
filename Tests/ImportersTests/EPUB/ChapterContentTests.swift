import BookModel
import Testing

@testable import BookFiles
@testable import Exporters
@testable import Importers
@testable import PropertyLists
@testable import TextPrimitives

/// The content reader's blocks: the seam with segmentation.
private func blocks(_ body: String, lang: String? = nil, bookLanguage: String? = "en", altText: Bool = false)
    throws -> [TextBlock]
{
    let bytes = Array(TestEPUB.xhtml(body, lang: lang).utf8)
    return try ChapterContent(bytes: bytes, path: "OEBPS/c.xhtml", bookLanguage: bookLanguage, speakAltText: altText)
        .blocks
}

private func texts(_ blocks: [TextBlock]) -> [String] { blocks.map { $0.text.collapsingWhitespace() } }

@Test func headingsParagraphsAndQuotesBecomeBlocksOfTheirKind() throws {
    let result = try blocks("<h2>Title</h2><p>One.</p><blockquote><p>Quoted.</p></blockquote><pre>a\n  b</pre>")
    #expect(result.map(\.kind) == [.heading(level: 2), .paragraph, .blockQuote, .preformatted])
    #expect(result[3].text == "a\n  b")
}

@Test func orderedListItemsCarryTheirNumbersAndNestedListsTheirOwn() throws {
    let result = try blocks("""
        <ol start="3"><li>Three<ul><li>dot</li></ul></li><li value="7">Seven</li><li>Eight</li></ol>
        <ol type="a"><li>first</li><li>second</li></ol><ol type="I" reversed="reversed" start="4"><li>x</li><li>y</li></ol>
        """)
    #expect(texts(result) == ["Three", "dot", "Seven", "Eight", "first", "second", "x", "y"])
    #expect(result.map(\.kind) == [
        .listItem(marker: "3."), .listItem(marker: nil), .listItem(marker: "7."), .listItem(marker: "8."),
        .listItem(marker: "a."), .listItem(marker: "b."), .listItem(marker: "IV."), .listItem(marker: "III."),
    ])
}

@Test func reversedListsCountDownFromTheirLengthAndHugeNumbersDoNotOverflow() throws {
    let result = try blocks("""
        <ol reversed="reversed"><li>c</li><li>b</li><li>a</li></ol>
        <ol start="9223372036854775807"><li>x</li><li value="-9223372036854775808">y</li><li>z</li></ol>
        """)
    #expect(result.map(\.kind) == [
        .listItem(marker: "3."), .listItem(marker: "2."), .listItem(marker: "1."),
        .listItem(marker: "1000000000."), .listItem(marker: "-1000000000."), .listItem(marker: "-999999999."),
    ])
}

@Test func aListItemsMarkerGoesOnlyToItsFirstBlock() throws {
    let result = try blocks("<ol><li><p>Para one</p><p>Para two</p></li></ol>")
    #expect(result.map(\.kind) == [.listItem(marker: "1."), .listItem(marker: nil)])
}

@Test func tablesDefinitionsAndCaptionsAreBlocks() throws {
    let result = try blocks("""
        <table><caption>Cap</caption><tr><th>H</th><td>D</td></tr></table>
        <dl><dt>Term</dt><dd>Meaning</dd></dl><figure><img src="i.png"/><figcaption>Fig</figcaption></figure>
        """)
    #expect(result.map(\.kind) == [.caption, .tableCell, .tableCell, .definitionTerm, .definition, .caption])
}

@Test func rubyReadingsAreNotSpoken() throws {
    let result = try blocks("<p><ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp>字<rt>じ</rt></ruby>です</p>")
    #expect(texts(result) == ["漢字です"])
}

@Test func noteReferencesAndNoteBodiesAreNotSpoken() throws {
    let result = try blocks("""
        <p>Text<a epub:type="noteref" href="#n1">1</a> goes<a role="doc-noteref" href="#n2">2</a> on<sup><a href="#n3">3</a></sup>.</p>
        <aside epub:type="footnote" id="n1"><p>Footnote body</p></aside>
        <section epub:type="endnotes"><ol><li epub:type="endnote"><p>End</p></li></ol></section>
        <div role="doc-footnote"><p>Aria note</p></div>
        """)
    #expect(texts(result) == ["Text goes on."])
}

@Test func pageBreaksPageNumbersAndHiddenContentAreNotSpoken() throws {
    let result = try blocks("""
        <p>Before<span epub:type="pagebreak" title="12">12</span> after<span role="doc-pagebreak">13</span>.</p>
        <p>Poem line<span class="lnum">70</span></p><p hidden="hidden">Hidden</p><p style="display: none">None</p>
        <p aria-hidden="true">Aria</p><script>var x = 1;</script>
        """)
    #expect(texts(result) == ["Before after.", "Poem line"])
}

@Test func languageSwitchesMarkRunsInAnotherLanguageThanTheBook() throws {
    let result = try blocks(
        "<p>He said <i xml:lang=\"fr\">bonjour</i> and <span lang=\"en-GB\">colour</span>.</p>", lang: "en")
    let runs = try #require(result.first?.runs)
    #expect(runs.map(\.text) == ["He said ", "bonjour", " and colour."])
    #expect(runs.map(\.language) == [nil, "fr", nil])
    #expect(runs.map(\.isEmphasized) == [false, true, false])
}

@Test func aDocumentInAnotherLanguageMarksAllItsRuns() throws {
    let result = try blocks("<p>Guten Tag</p>", lang: "de", bookLanguage: "en")
    #expect(result.first?.runs.first?.language == "de")
}

@Test func emphasisFromEmStrongIAndBMarksRuns() throws {
    let result = try blocks("<p>a <em>b</em> <strong>c <i>d</i></strong> <b>e</b> <span>f</span></p>")
    let emphasized = result.first?.runs.filter(\.isEmphasized).map(\.text).joined(separator: "|")
    #expect(emphasized == "b|c d|e")
}

@Test func runsKnowTheirDocumentAndLine() throws {
    let result = try blocks("<p>one</p>\n<p>\ntwo</p>")
    #expect(result.map { $0.runs.first?.source?.resource } == ["OEBPS/c.xhtml", "OEBPS/c.xhtml"])
    let lines = result.compactMap { $0.runs.first?.source?.line }
    #expect(lines.count == 2 && lines[0] < lines[1])
}

@Test func lineBreaksEndBlocksExceptInsidePreformattedText() throws {
    let result = try blocks("<p>Line one<br/>Line two</p><pre>x<br/>y</pre>")
    #expect(texts(result) == ["Line one", "Line two", "x y"])
    #expect(result[2].text == "x\ny")
}

@Test func noTextIsLostAroundImagesTablesSvgAndEmptyElements() throws {
    let result = try blocks("""
        <p>Before <img src="a.png" alt="A cat"/> after <span></span>end</p>
        <div>Loose <table><tr><td>cell</td></tr></table> tail</div>
        <p>x <svg xmlns="http://www.w3.org/2000/svg"><text>svg text</text></svg> y</p>
        """)
    #expect(texts(result) == ["Before after end", "Loose", "cell", "tail", "x y"])
}

@Test func altTextIsSpokenOnlyWhenAsked() throws {
    let result = try blocks("<p>See <img src=\"a.png\" alt=\"a cat\"/> here</p>", altText: true)
    #expect(texts(result) == ["See a cat here"])
}

@Test func imagesAndAnchorsAreRecordedWithTheirBlock() throws {
    let bytes = Array(TestEPUB.xhtml("""
        <p id="top">One</p><section id="s2"><h2>Two</h2><img src="../images/pic%20one.png"/></section>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="cover.jpg"/></svg>
        """).utf8)
    let content = try ChapterContent(bytes: bytes, path: "OEBPS/text/c.xhtml", bookLanguage: nil, speakAltText: false)
    #expect(content.anchors["top"]?.block == 0)
    #expect(content.anchors["s2"]?.block == 1)
    #expect(content.images.map(\.path) == ["OEBPS/images/pic one.png", "OEBPS/text/cover.jpg"])
    #expect(content.images.map(\.position.block) == [2, 2])
    let s2 = try #require(content.anchors["s2"])
    #expect(content.images.allSatisfy { $0.position > s2 })
}

@Test func htmlEntitiesWithoutADTDAreReadWithTheHTMLParser() throws {
    let bytes = Array(TestEPUB.xhtml("<p>a&nbsp;b &amp; c&mdash;d</p>").utf8)
    let content = try ChapterContent(bytes: bytes, path: "c.xhtml", bookLanguage: nil, speakAltText: false)
    #expect(content.recoveredError != nil)
    #expect(content.blocks.map(\.text) == ["a\u{A0}b & c\u{2014}d"])
}

@Test func declaredEntitiesAndCharacterReferencesAreExpanded() throws {
    let prologue = "<?xml version=\"1.0\"?><!DOCTYPE html [<!ENTITY nbsp \"&#160;\"><!ENTITY auth \"Jane\">]>"
    let bytes = Array(TestEPUB.xhtml("<p>&auth;&nbsp;&#x41;&lt;</p>", prologue: prologue).utf8)
    let content = try ChapterContent(bytes: bytes, path: "c.xhtml", bookLanguage: nil, speakAltText: false)
    #expect(content.recoveredError == nil)
    #expect(content.blocks.map(\.text) == ["Jane\u{A0}A<"])
}

@Test func latin1DocumentsAreDecodedByTheirDeclaration() throws {
    let xml = TestEPUB.xhtml("<p>Caf\u{E9} na\u{EF}ve</p>", prologue: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>")
    let latin1 = xml.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    let content = try ChapterContent(bytes: latin1, path: "c.xhtml", bookLanguage: nil, speakAltText: false)
    #expect(content.blocks.map(\.text) == ["Café naïve"])
}

@Test func latin1HTMLFallbackStillHonoursTheDeclaredEncoding() throws {
    let xml = TestEPUB.xhtml("<p>Caf\u{E9}&nbsp;!</p>", prologue: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>")
    let latin1 = xml.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    let content = try ChapterContent(bytes: latin1, path: "c.xhtml", bookLanguage: nil, speakAltText: false)
    #expect(content.recoveredError != nil)
    #expect(content.blocks.map(\.text) == ["Café\u{A0}!"])
}
