import Testing

@testable import BookFiles

private func parse(_ text: String, html: Bool = false) throws(XMLError) -> XMLDocument {
    try XMLDocument.parse(Array(text.utf8), htmlFallback: html)
}

private func allText(_ document: XMLDocument) -> String {
    document.root?.textContent(limit: .max) ?? ""
}

@Test func externalEntitiesAreNeverLoaded() throws {
    let xxe = """
        <?xml version="1.0"?>
        <!DOCTYPE p [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY % dtd SYSTEM "file:///etc/hostname"> %dtd;]>
        <p>before &xxe; after</p>
        """
    let document = try parse(xxe, html: true)
    let text = allText(document)
    #expect(!text.contains("root:"))
    #expect(text.contains("before"))
}

@Test func externalDTDsAreNotFetched() throws {
    let text = """
        <?xml version="1.0"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml"><body><p>Fine</p></body></html>
        """
    #expect(allText(try parse(text)) == "Fine")
}

@Test func billionLaughsIsRefusedOrLeftUnexpanded() {
    var entities = "<!ENTITY lol0 \"lol\">"
    for level in 1...9 {
        entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
    }
    let bomb = "<?xml version=\"1.0\"?><!DOCTYPE lolz [\(entities)]><lolz>&lol9;</lolz>"
    for html in [false, true] {
        let text = (try? parse(bomb, html: html)).map(allText) ?? ""
        #expect(text.utf8.count < 10_000)
    }
}

@Test func quadraticBlowupIsNotExpanded() throws {
    let big = String(repeating: "a", count: 50_000)
    let refs = String(repeating: "&a;", count: 50_000)
    let document = try parse("<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY a \"\(big)\">]><r>\(refs)</r>")
    #expect(allText(document).isEmpty)
}

@Test func hundredThousandDeepNestingNeitherCrashesNorRecurses() throws {
    let depth = 100_000
    let deep = String(repeating: "<div>", count: depth) + "deep text" + String(repeating: "</div>", count: depth)
    let xhtml = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(deep)<p>after</p></body></html>"
    #expect(throws: XMLError.self) { try parse(xhtml) }
    let document = try parse(xhtml, html: true)
    #expect(document.recoveredError != nil)
    _ = allText(document)
}

@Test func errorsSayWhatAndWhichLine() {
    #expect {
        try parse("<?xml version=\"1.0\"?>\n<a>\n<b></a>")
    } throws: { error in
        guard let error = error as? XMLError else { return false }
        return error.line == 3 && error.message.contains("mismatch") && error.description.hasPrefix("3: ")
    }
}

@Test func garbageBytesFallBackToTheHTMLParser() throws {
    let bytes: [UInt8] = Array("<html><body><p>caf".utf8) + [0xFF, 0xFE] + Array("</p></body></html>".utf8)
    #expect(throws: XMLError.self) { try XMLDocument.parse(bytes) }
    let document = try XMLDocument.parse(bytes, htmlFallback: true)
    #expect(allText(document).hasPrefix("caf"))
}

@Test func attributesAreFoundByLocalNameAndNamespace() throws {
    let document = try parse("""
        <r xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="fr" epub:type="chapter" type="plain"/>
        """)
    let root = try #require(document.root)
    #expect(root.attribute("type", namespace: "http://www.idpf.org/2007/ops") == "chapter")
    #expect(root.attribute("type") == "plain")
    #expect(root.attribute("lang", namespace: "http://www.w3.org/XML/1998/namespace") == "fr")
    #expect(root.attribute("missing") == nil)
}

@Test func theHTMLFallbackReadsDeclaredEntitiesAndCDATAWithoutLeakingTheDTD() throws {
    let text = """
        <?xml version="1.0"?>
        <!DOCTYPE html [
        <!ENTITY author "Jane &amp; Co">
        <!ENTITY % param "x">
        <!ENTITY ext SYSTEM "file:///etc/passwd">
        <!ENTITY quote "]>">
        ]>
        <html><body><p>By &author; &ext;&nbsp;<![CDATA[a < b]]> end.</p></body></html>
        """
    let document = try parse(text, html: true)
    #expect(document.recoveredError != nil)
    #expect(allText(document) == "By Jane & Co &ext;\u{A0}a < b end.")
    var finder = LineOfFirstParagraph()
    document.root?.walk(&finder)
    #expect(finder.line == 8)
}

private struct LineOfFirstParagraph: XMLVisitor {
    var line: Int?
    mutating func enter(_ node: XMLNode) -> Bool {
        if line == nil, node.name == "p" { line = node.line }
        return line == nil
    }
}

@Test func entitySubstitutionForTheHTMLFallbackIsBounded() {
    let value = String(repeating: "x", count: 64)
    let refs = String(repeating: "&a;", count: 300_000)
    let input = Array("<!DOCTYPE html [<!ENTITY a \"\(value)\">]><p>\(refs)&nbsp;</p>".utf8)
    let output = HTMLFallbackInput.prepare(input)
    #expect(output.count <= input.count * HTMLFallbackInput.maxGrowth + (1 << 20) + 64 + input.count)
    #expect(output.count > input.count)
}
