import BookFiles
import Foundation
import Testing

@testable import ReadAlong

/// Wrapping spoken fragments in an XHTML document: what is wrapped, how
/// inline markup is kept well-formed, and which clip each span gets.
struct ContentDocumentMarkerTests {
    static func page(_ body: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n"
            + "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\">"
            + "<head><title>t</title></head><body>\(body)</body></html>").utf8)
    }

    /// An utterance whose words are its space-separated pieces without
    /// their closing punctuation, one second each from `begin`.
    static func utterance(_ text: String, begin: Double) -> TimedUtterance {
        var words: [TimedUtterance.Word] = []
        var offset = 0
        var time = begin
        for piece in text.split(separator: " ", omittingEmptySubsequences: false) {
            let length = piece.unicodeScalars.count
            let word = piece.unicodeScalars.reversed().drop { ".,;:!?".unicodeScalars.contains($0) }.count
            if word > 0 {
                words.append(.init(range: offset..<offset + word, begin: time, end: time + 1))
                time += 1
            }
            offset += length + 1
        }
        return TimedUtterance(text: text, begin: begin, end: time, words: words)
    }

    static func body(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let start = text.range(of: "<body>"), let end = text.range(of: "</body>") else { return text }
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// The document's text with every narrate span taken out.
    static func textWithoutSpans(_ bytes: [UInt8]) throws -> String {
        let document = try XMLDocument.parse(bytes)
        return document.root?.textContent() ?? ""
    }

    @Test func wrapsASentenceWithItsInlineElementsInOneSpan() throws {
        let marker = try ContentDocumentMarker(
            bytes: Self.page("<p>The fox ran <em>through the wood</em> at dawn. It slept.</p>"),
            utterances: [Self.utterance("The fox ran through the wood at dawn. ", begin: 0), Self.utterance("It slept.", begin: 9)],
            sync: .sentence, styleSheet: nil, html5: false)
        #expect(Self.body(marker.bytes)
            == "<p><span id=\"narrate-s1\">The fox ran <em>through the wood</em> at dawn.</span> <span id=\"narrate-s2\">It slept.</span></p>")
        #expect(marker.clips == [.init(fragment: "narrate-s1", begin: 0, end: 8), .init(fragment: "narrate-s2", begin: 9, end: 11)])
    }

    @Test func liftsASentenceThatStartsAnElementToTheElement() throws {
        let marker = try ContentDocumentMarker(
            bytes: Self.page("<p>\n<em>Hello</em> world.</p>"), utterances: [Self.utterance("Hello world.", begin: 0)],
            sync: .sentence, styleSheet: nil, html5: false)
        #expect(Self.body(marker.bytes) == "<p>\n<span id=\"narrate-s1\"><em>Hello</em> world.</span></p>")
    }

    @Test func splitsASentenceThatCrossesAnElementBoundaryIntoPiecesEachWithItsClip() throws {
        let original = Self.page("<p>She said <em>no. Then yes</em> and left.</p>")
        let marker = try ContentDocumentMarker(
            bytes: original,
            utterances: [Self.utterance("She said no. ", begin: 0), Self.utterance("Then yes and left.", begin: 4)],
            sync: .sentence, styleSheet: nil, html5: false)
        #expect(Self.body(marker.bytes)
            == "<p><span id=\"narrate-s1\">She said </span><em><span id=\"narrate-s2\">no.</span> "
            + "<span id=\"narrate-s3\">Then yes</span></em><span id=\"narrate-s4\"> and left.</span></p>")
        // Each piece starts with the first word that begins in it.
        #expect(marker.clips.map(\.begin) == [0, 2, 4, 6])
        #expect(marker.clips.map(\.end) == [2, 3, 6, 8])
        #expect(try Self.textWithoutSpans(marker.bytes) == Self.textWithoutSpans(original))
    }

    @Test func keepsRubyReadingsAndNoteReferencesOutOfTheTextItWraps() throws {
        let original = Self.page(
            "<p>See <ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby> here.<a epub:type=\"noteref\" href=\"#n\">1</a> Done.</p>"
                + "<aside epub:type=\"footnote\" id=\"n\"><p>Not read.</p></aside>")
        let marker = try ContentDocumentMarker(
            bytes: original, utterances: [Self.utterance("See 漢字 here. ", begin: 0), Self.utterance("Done.", begin: 3)],
            sync: .sentence, styleSheet: nil, html5: false)
        let body = Self.body(marker.bytes)
        #expect(body.hasPrefix("<p><span id=\"narrate-s1\">See <ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby> here.</span><a"))
        #expect(body.contains("<aside epub:type=\"footnote\" id=\"n\"><p>Not read.</p></aside>"))
        #expect(!body.contains("<span id=\"narrate-s4\"><a"))
        #expect(try Self.textWithoutSpans(marker.bytes) == Self.textWithoutSpans(original))
        #expect(marker.unmatched == 0)
    }

    @Test func wrapsEachTextNodeOfAWordSplitByRubyReadings() throws {
        let marker = try ContentDocumentMarker(
            bytes: Self.page("<p><ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby>です。</p>"),
            utterances: [TimedUtterance(text: "漢字です。", begin: 0, end: 2, words: [
                .init(range: 0..<2, begin: 0, end: 1), .init(range: 2..<4, begin: 1, end: 2),
            ])], sync: .word, styleSheet: nil, html5: false)
        #expect(Self.body(marker.bytes)
            == "<p><ruby><span id=\"narrate-w1\">漢</span><rt>kan</rt><span id=\"narrate-w2\">字</span><rt>ji</rt></ruby>"
            + "<span id=\"narrate-w3\">です</span>。</p>")
        #expect(marker.clips.map(\.begin) == [0, 0.5, 1])
    }

    @Test func sharesASplitWordsClipByTheCharactersOfEachPiece() throws {
        let marker = try ContentDocumentMarker(
            bytes: Self.page("<p>余と那美さんが<ruby>艫<rt>とも</rt></ruby>。</p>"),
            utterances: [TimedUtterance(text: "余と那美さんが艫。", begin: 0, end: 8, words: [.init(range: 0..<8, begin: 0, end: 8)])],
            sync: .word, styleSheet: nil, html5: false)
        #expect(Self.body(marker.bytes)
            == "<p><span id=\"narrate-w1\">余と那美さんが</span><ruby><span id=\"narrate-w2\">艫</span><rt>とも</rt></ruby>。</p>")
        #expect(marker.clips.map(\.begin) == [0, 7] && marker.clips.map(\.end) == [7, 8])
    }

    @Test func givesAListItemsSpokenNumberToItsFirstWordAtWordSync() throws {
        let marker = try ContentDocumentMarker(
            bytes: Self.page("<ol start=\"9\"><li>Ann Smith.</li><li>Carroll, Lewis.</li></ol>"),
            utterances: [Self.utterance("9. Ann Smith.\n", begin: 0), Self.utterance("10. Carroll, Lewis.\n", begin: 4)],
            sync: .word, styleSheet: nil, html5: false)
        #expect(marker.clips.map(\.fragment) == ["narrate-w1", "narrate-w2", "narrate-w3", "narrate-w4"])
        #expect(marker.clips.map(\.begin) == [0, 2, 4, 6] && marker.clips.map(\.end) == [2, 3, 6, 7])
        #expect(marker.unmatched == 2)
    }

    @Test func wrapsEachWordWithItsOwnClipAtWordSync() throws {
        let marker = try ContentDocumentMarker(
            bytes: Self.page("<p>Bread and <strong>butter</strong>.</p>"),
            utterances: [Self.utterance("Bread and butter.", begin: 2)], sync: .word, styleSheet: nil, html5: false)
        #expect(Self.body(marker.bytes)
            == "<p><span id=\"narrate-w1\">Bread</span> <span id=\"narrate-w2\">and</span> "
            + "<strong><span id=\"narrate-w3\">butter</span></strong>.</p>")
        #expect(marker.clips.map(\.begin) == [2, 3, 4])
    }

    @Test func findsUtterancesAcrossWhitespaceListMarkersAndSkippedText() throws {
        let original = Self.page("<h1>One</h1><p class=\"pagenum\">12</p><ol><li>First   thing\n  here.</li></ol>")
        let marker = try ContentDocumentMarker(
            bytes: original, utterances: [Self.utterance("One\n", begin: 0), Self.utterance("1. First thing here.", begin: 1)],
            sync: .sentence, styleSheet: "../css/x.css", html5: false)
        let text = String(decoding: marker.bytes, as: UTF8.self)
        #expect(text.contains("<h1><span id=\"narrate-s1\">One</span></h1>"))
        #expect(text.contains("<li><span id=\"narrate-s2\">First   thing\n  here.</span></li>"))
        #expect(text.contains("<link rel=\"stylesheet\" type=\"text/css\" href=\"../css/x.css\"/></head>"))
    }

    /// The children's-literature bibliography: the importer says each
    /// item's number, and `10.`'s full stop with the item's first letters
    /// also matches where the item before ends and this one starts.
    @Test func startsEachListItemWhereItsOwnTextIsNotAtAFullStopItsSpokenNumberShares() throws {
        let items = [
            "\"Carroll, Lewis,\" <cite>Alice's Adventures in Wonderland</cite>.",
            "\"Carroll, Lewis,\" <cite>Through the Looking-Glass</cite>.",
            "Richards, Laura E., <cite>The Story of Toto</cite>.",
            "Richards, Laura E., <cite>The Pig Brother</cite>.",
        ]
        let original = Self.page("<ol start=\"10\">" + items.map { "<li>\($0)</li>\n" }.joined() + "</ol>")
        let spoken = [
            "10. \"Carroll, Lewis,\" Alice's Adventures in Wonderland.\n", "11. \"Carroll, Lewis,\" Through the Looking-Glass.\n",
            "12. Richards, Laura E., The Story of Toto.\n", "13. Richards, Laura E., The Pig Brother.\n",
        ]
        let utterances = spoken.enumerated().map { Self.utterance($1, begin: Double($0) * 20) }
        let marker = try ContentDocumentMarker(bytes: original, utterances: utterances, sync: .sentence, styleSheet: nil, html5: false)
        let body = Self.body(marker.bytes)
        for (index, item) in items.enumerated() {
            #expect(body.contains("<li><span id=\"narrate-s\(index + 1)\">\(item)</span></li>"), "\(body)")
        }
        #expect(marker.clips.map(\.fragment) == ["narrate-s1", "narrate-s2", "narrate-s3", "narrate-s4"])
        #expect(marker.clips.map(\.begin) == utterances.map(\.begin))
        #expect(marker.clips.map(\.end) == utterances.map(\.end))
        #expect(marker.unmatched == 0)
    }

    @Test func leavesANumberSpokenAsAnUtteranceOfItsOwnUnmatched() throws {
        let marker = try ContentDocumentMarker(
            bytes: Self.page("<ol start=\"6\"><li>Lewis Carroll, <cite>Alice</cite>.</li><li>Ann Smith, <cite>Bo</cite>.</li></ol>"),
            utterances: [Self.utterance("6.", begin: 0), Self.utterance("Lewis Carroll, Alice.", begin: 1),
                Self.utterance("7.", begin: 5), Self.utterance("Ann Smith, Bo.", begin: 6)],
            sync: .sentence, styleSheet: nil, html5: false)
        #expect(Self.body(marker.bytes) == "<ol start=\"6\"><li><span id=\"narrate-s1\">Lewis Carroll, <cite>Alice</cite>.</span></li>"
            + "<li><span id=\"narrate-s2\">Ann Smith, <cite>Bo</cite>.</span></li></ol>")
        #expect(marker.clips == [.init(fragment: "narrate-s1", begin: 1, end: 4), .init(fragment: "narrate-s2", begin: 6, end: 9)])
        #expect(marker.unmatched == 2)
    }

    /// Pages read from the middle of a long document: the first utterance
    /// is far past the start, and a like sentence stands before it.
    @Test func looksForAnUtteranceFromItsSourceLineWhenThatIsAhead() throws {
        let filler = String(repeating: "<p>Words that are not read here, and more of them.</p>\n", count: 150)
        let original = Self.page("\n<p>The end came.</p>\n" + filler + "<p>The end came at last.</p>\n")
        var utterance = Self.utterance("The end came at last.", begin: 0)
        utterance.line = 155
        let marker = try ContentDocumentMarker(bytes: original, utterances: [utterance], sync: .sentence, styleSheet: nil, html5: false)
        #expect(Self.body(marker.bytes).hasSuffix("<p><span id=\"narrate-s1\">The end came at last.</span></p>\n"))
        #expect(marker.clips.count == 1 && marker.unmatched == 0)
        // Without the line, only the first 4,096 characters are searched.
        utterance.line = nil
        let blind = try ContentDocumentMarker(bytes: original, utterances: [utterance], sync: .sentence, styleSheet: nil, html5: false)
        #expect(!Self.body(blind.bytes).contains("<span id=\"narrate-s1\">The end came at last.</span>"))
    }

    /// A repaired document is serialised anew, and its lines move: the
    /// lines are looked up in the document as the importer read it.
    @Test func findsTheSourceLinesOfARepairedDocumentInTheOriginal() throws {
        let filler = String(repeating: "<p>Words that are not read here, and more of them.</p>\n", count: 150)
        let body = "\n<p>The end came.</p>\n" + filler + "<p>The end came at last.</p>\n"
        let repaired = Self.page(body)
        let original = Array(String(decoding: repaired, as: UTF8.self).replacingOccurrences(of: "<head>", with: "\n\n\n<head>").utf8)
        var utterance = Self.utterance("The end came at last.", begin: 0)
        utterance.line = 158
        let marker = try ContentDocumentMarker(
            bytes: repaired, utterances: [utterance], sync: .sentence, styleSheet: nil, html5: false, imported: original)
        #expect(Self.body(marker.bytes).hasSuffix("<p><span id=\"narrate-s1\">The end came at last.</span></p>\n"))
        let misled = try ContentDocumentMarker(bytes: repaired, utterances: [utterance], sync: .sentence, styleSheet: nil, html5: false)
        #expect(!Self.body(misled.bytes).hasSuffix("<p><span id=\"narrate-s1\">The end came at last.</span></p>\n"))
    }

    @Test func wrapsATimeElementWholeRatherThanPutASpanInIt() throws {
        let marker = try ContentDocumentMarker(
            bytes: Self.page("<p>It was published in <time>1813</time> by him.</p>"),
            utterances: [Self.utterance("It was published in 1813 by him.", begin: 0)], sync: .word, styleSheet: nil, html5: false)
        #expect(Self.body(marker.bytes).contains("<span id=\"narrate-w5\"><time>1813</time></span> <span id=\"narrate-w6\">by</span>"))
    }

    @Test func keepsIDsUniqueAgainstTheDocumentsOwn() throws {
        let marker = try ContentDocumentMarker(
            bytes: Self.page("<p id=\"narrate-s1\">Hello there.</p>"), utterances: [Self.utterance("Hello there.", begin: 0)],
            sync: .sentence, styleSheet: nil, html5: false)
        #expect(Self.body(marker.bytes) == "<p id=\"narrate-s1\"><span id=\"narrate-s2\">Hello there.</span></p>")
    }

    @Test func givesAnXHTML11DocumentTheHTML5DocumentTypeWhenAsked() throws {
        let bytes = Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.1//EN\" "
            + "\"http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head>"
            + "<body><p>Hi.</p></body></html>").utf8)
        let marker = try ContentDocumentMarker(
            bytes: bytes, utterances: [Self.utterance("Hi.", begin: 0)], sync: .sentence, styleSheet: nil, html5: true)
        let text = String(decoding: marker.bytes, as: UTF8.self)
        #expect(text.contains("<!DOCTYPE html>\n") && !text.contains("XHTML 1.1"))
    }

    @Test func refusesADocumentThatIsNotWellFormed() {
        #expect(throws: XMLError.self) {
            try ContentDocumentMarker(
                bytes: Array("<html><body><p>a&nbsp;b</p></body></html>".utf8), utterances: [], sync: .sentence,
                styleSheet: nil, html5: false)
        }
    }
}

/// Sections nest the overlay's pars: a `<seq epub:textref>` per section a
/// fragment lies in, opened and closed as the fragments go in and out.
@Test func nestsParsInASeqPerSection() {
    let clip = { (id: String, begin: Double, sections: [String]) in
        MediaOverlay.Clip(fragment: id, begin: begin, end: begin + 1, sections: sections)
    }
    let overlay = MediaOverlay(
        contentPath: "OEBPS/ch.xhtml", audioPath: "OEBPS/narrate/ch.mp3", smilPath: "OEBPS/narrate/ch.smil",
        clips: [clip("a", 0, []), clip("b", 1, ["s1"]), clip("c", 2, ["s1", "s1.1"]), clip("d", 3, ["s1", "s1.2"]),
            clip("e", 4, ["s2"])],
        duration: 5)
    let smil = String(decoding: SMILDocument.bytes(of: overlay), as: UTF8.self)
    let structure = smil.split(separator: "\n").compactMap { line -> String? in
        let trimmed = line.drop { $0 == " " }
        let indent = line.count - trimmed.count
        if trimmed.hasPrefix("<seq") { return "\(indent) seq \(trimmed.split(separator: "#")[1].prefix { $0 != "\"" })" }
        if trimmed.hasPrefix("</seq") { return "\(indent) end" }
        if trimmed.hasPrefix("<par") { return "\(indent) par \(trimmed.split(separator: "#")[1].prefix { $0 != "\"" })" }
        return nil
    }
    #expect(structure == [
        "4 par a", "4 seq s1", "6 par b", "6 seq s1.1", "8 par c", "6 end", "6 seq s1.2", "8 par d", "6 end", "4 end",
        "4 seq s2", "6 par e", "4 end",
    ])
}
