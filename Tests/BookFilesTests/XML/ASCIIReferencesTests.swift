import Testing

@testable import BookFiles

/// Every node of a document in order: kind, name, line, text and a few attributes.
private struct TreeListing: XMLVisitor {
    var lines: [String] = []

    mutating func enter(_ node: XMLNode) -> Bool {
        let attributes = ["title", "alt", "id"].compactMap { name in node.attribute(name).map { "\(name)=\($0)" } }
        lines.append("\(node.kind) \(node.name) @\(node.line) [\(node.text)] \(attributes.joined(separator: " "))")
        return true
    }
}

private func listing(_ bytes: [UInt8]) throws -> [String] {
    var listing = TreeListing()
    try #require(try XMLDocument.parse(bytes).root).walk(&listing)
    return listing.lines
}

private let prose = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE html>
    <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>“Title”</title></head>
    <body>
    <h1 id="c1">Chapter — “One”</h1>
    <p>He said, “Well—” and stopped.
    Then: ‘No’… é 中文 𝄞</p>
    <p title="Tïtle “x”">Image <img src="a.png" alt="Ålt — text"/> after.</p>
    <!-- a “comment” -->
    <p><![CDATA[raw “data” <here>]]> and &amp; “more”</p>
    <?instruction with “quotes” ?>
    <p>&#8220;Reference&#8221; then “literal”
    on two lines</p>
    </body></html>
    """

@Test func rewrittenProseParsesToTheSameTreeLinesAndAttributes() throws {
    let original = Array(prose.utf8)
    let rewritten = try #require(ASCIIReferences.rewrite(original))
    #expect(try listing(rewritten) == listing(original))
    #expect(try listing(original).contains { $0.contains("alt=Ålt — text") })
}

@Test func commentsCDATAAndInstructionsAreCopiedAsTheyAreAndTextBecomesReferences() throws {
    let rewritten = String(decoding: try #require(ASCIIReferences.rewrite(Array(prose.utf8))), as: UTF8.self)
    #expect(rewritten.contains("<!-- a “comment” -->"))
    #expect(rewritten.contains("<![CDATA[raw “data” <here>]]>"))
    #expect(rewritten.contains("<?instruction with “quotes” ?>"))
    #expect(rewritten.contains("He said, &#8220;Well&#8212;&#8221; and stopped."))
    #expect(rewritten.contains("&#119070;"))  // 𝄞, outside the BMP
}

private let unsure: [(String, [UInt8])] = [
    ("all ASCII", Array("<?xml version=\"1.0\"?><p>plain</p>".utf8)),
    ("Latin-1 declared", Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><p>caf\u{E9}</p>".utf8)),
    ("internal subset", Array("<!DOCTYPE p [<!ENTITY e \"x\">]><p>“&e;”</p>".utf8)),
    ("non-ASCII element name", Array("<p><é>x</é> “y”</p>".utf8)),
    ("invalid UTF-8", Array("<p>“x” ".utf8) + [0xFF] + Array("</p>".utf8)),
    ("UTF-16", [0xFF, 0xFE, 0x3C, 0x00, 0x70, 0x00]),
    ("text opening with non-ASCII, broken before markup", Array("<p>“Opening\nline</p>".utf8)),
]

@Test(arguments: unsure)
func documentsItIsNotSureAboutAreLeftAlone(label: String, bytes: [UInt8]) {
    #expect(ASCIIReferences.rewrite(bytes) == nil)
}

@Test func aLineBreakFarIntoTextOrAfterASCIIDoesNotStopTheRewriting() throws {
    let far = "<p>“" + String(repeating: "word ", count: 120) + "\nmore</p>"
    #expect(ASCIIReferences.rewrite(Array(far.utf8)) != nil)
    #expect(try listing(#require(ASCIIReferences.rewrite(Array(far.utf8)))) == listing(Array(far.utf8)))
    let afterASCII = "<p>Said “x”\nand “y”</p>"
    #expect(try listing(#require(ASCIIReferences.rewrite(Array(afterASCII.utf8)))) == listing(Array(afterASCII.utf8)))
}

/// UTF-8 named in the XML declaration in any case, quoting or spacing is
/// rewritten; another encoding is not.
@Test(arguments: [
    ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", true), ("<?xml version='1.0' encoding='utf-8'?>", true),
    ("<?xml version=\"1.0\" ENCODING = \"Utf8\"?>", true), ("<?xml version=\"1.0\"?>", true),
    ("<?xml version=\"1.0\" encoding=\"UTF-16\"?>", false), ("<?xml version=\"1.0\" encoding=\"windows-1252\"?>", false),
    ("<?xml version=\"1.0\" encoding=\"UTF-8\"", false),
])
func theDeclarationDecidesWhetherTheTextIsRewritten(declaration: String, rewritten: Bool) {
    let document = Array((declaration + "<p>“x”</p>").utf8)
    #expect((ASCIIReferences.rewrite(document) != nil) == rewritten)
}

/// The longest rewriting there is, 3.5 bytes for each byte of text (a
/// two-byte character up to U+07FF becomes `&#2047;`), in text and in an
/// attribute, fits the output and parses to the same tree.
@Test func theLongestRewritingFitsAndParsesToTheSameTree() throws {
    let text = String(repeating: "\u{7FF}", count: 3_000)
    let original = Array("<p title=\"\(text)\">\(text)</p>".utf8)
    let rewritten = try #require(ASCIIReferences.rewrite(original))
    #expect(rewritten.count == 6_000 * 7 + "<p title=\"\"></p>".utf8.count)
    #expect(try listing(rewritten) == listing(original))
}

/// Text with more than a tenth of its bytes beyond ASCII is parsed as it is
/// (a reference for every character would slow libxml2 down); sparse curly
/// quotes are not dense; the count reads the tail past the last eight bytes.
@Test func denseTextIsToldFromSparse() {
    let japanese = Array("<p>吾輩は猫である。名前はまだ無い。</p>".utf8)
    let english = Array(("<p>" + String(repeating: "He said “well” and went on reading the letter that had come that morning from town. ", count: 4) + "</p>").utf8)
    #expect(japanese.withUnsafeBufferPointer(ASCIIReferences.isDenseBeyondASCII))
    #expect(!english.withUnsafeBufferPointer(ASCIIReferences.isDenseBeyondASCII))
    let justOver = Array(repeating: UInt8(ascii: "a"), count: 89) + Array(repeating: 0xC3, count: 11)
    let justUnder = Array(repeating: UInt8(ascii: "a"), count: 90) + Array(repeating: 0xC3, count: 10)
    #expect(justOver.withUnsafeBufferPointer(ASCIIReferences.isDenseBeyondASCII))
    #expect(!justUnder.withUnsafeBufferPointer(ASCIIReferences.isDenseBeyondASCII))
}

/// A dense document parses to the same tree as before the check: what it
/// changes is only how fast libxml2 reads it.
@Test func denseDocumentsParseToTheSameTreeAsRewritten() throws {
    let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><body>"
        + "<p title=\"猫\">吾輩は猫である。“名前”はまだ無い。</p>\n<p>どこで生れたかとんと見当がつかぬ。</p></body></html>"
    let bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBufferPointer(ASCIIReferences.isDenseBeyondASCII))
    let rewritten = try #require(ASCIIReferences.rewrite(bytes))
    #expect(try listing(rewritten) == listing(bytes))
    let document = try XMLDocument.parse(bytes, htmlFallback: true)
    var parsed = TreeListing()
    try #require(document.root).walk(&parsed)
    #expect(parsed.lines == (try listing(bytes)))
}
