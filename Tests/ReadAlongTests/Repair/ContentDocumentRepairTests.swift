import BookFiles
import Testing

@testable import ReadAlong

/// Repairs of one content document: each kind alone, and nothing when nothing is wrong.
struct ContentDocumentRepairTests {
    static func document(head: String = "<title>T</title>", _ body: String) -> [UInt8] {
        Array("<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head>\(head)</head><body>\(body)</body></html>".utf8)
    }

    static func repaired(_ bytes: [UInt8]) throws -> (body: String, tally: RepairTally, repair: ContentDocumentRepair) {
        let repair = try ContentDocumentRepair(bytes: bytes, title: "The Book")
        let text = String(decoding: repair.bytes, as: UTF8.self)
        let body = text.components(separatedBy: "<body>").last?.components(separatedBy: "</body>").first ?? ""
        return (body, repair.tally, repair)
    }

    @Test func leavesAValidDocumentAlone() throws {
        let repair = try ContentDocumentRepair(bytes: Self.document("<p id=\"a\">Fine <code>x</code>.</p><ul><li>one</li></ul>"), title: "B")
        #expect(!repair.changed && repair.tally.isEmpty)
        #expect(repair.ids == ["a"])
    }

    @Test func givesObsoleteElementsTheirHTML5NamesKeepingAttributes() throws {
        let (body, tally, _) = try Self.repaired(Self.document("<p>Run <tt class=\"cmd\">make</tt>, <acronym>NASA</acronym>, <strike>x</strike>.</p>"))
        #expect(body == "<p>Run <code class=\"cmd narrate-tt\">make</code>, <abbr class=\"narrate-acronym\">NASA</abbr>, "
            + "<s class=\"narrate-strike\">x</s>.</p>")
        #expect(tally.counts == [.obsoleteElements: 3])
    }

    @Test func copiesTheBooksRulesForARenamedElementToItsClass() {
        let css = "/* tt { x: 1 } */ @import \"a.css\"; @media print { tt { color: black } }\nh1, TT { background: #eee; }\np tt { b: 1 }"
        #expect(ObsoleteElementStyle.rules(in: css, for: ["tt"]) == ".narrate-tt { background: #eee; }\n")
        #expect(ObsoleteElementStyle.rules(in: css, for: ["strike"]).isEmpty)
    }

    @Test func putsEachRunOfStrayListItemsInOneList() throws {
        let (body, tally, _) = try Self.repaired(Self.document("<div><li>a</li>\n <li>b</li><p>c</p><li>d</li></div><ol><li>e</li></ol>"))
        #expect(body == "<div><ul class=\"narrate-list\"><li>a</li>\n <li>b</li></ul><p>c</p><ul class=\"narrate-list\"><li>d</li></ul></div>"
            + "<ol><li>e</li></ol>")
        #expect(tally.counts == [.strayListItems: 3])
    }

    @Test func keepsTheFirstOfDuplicateIDsAndRenumbersTheRest() throws {
        let (body, tally, repair) = try Self.repaired(Self.document("<p id=\"a\">1</p><p id=\"a\">2</p><p id=\"a-2\">3</p><p id=\"a\">4</p>"))
        #expect(body == "<p id=\"a\">1</p><p id=\"a-3\">2</p><p id=\"a-2\">3</p><p id=\"a-4\">4</p>")
        #expect(tally.counts == [.duplicateIDs: 2])
        #expect(repair.ids == ["a", "a-2", "a-3", "a-4"])
    }

    @Test func givesAHeadWithoutTitleTheBookTitle() throws {
        let repair = try ContentDocumentRepair(bytes: Self.document(head: "<meta charset=\"utf-8\"/>", "<p>x</p>"), title: "The Book")
        #expect(String(decoding: repair.bytes, as: UTF8.self).contains("<head><title>The Book</title><meta charset=\"utf-8\"/></head>"))
        #expect(repair.tally.counts == [.missingTitles: 1])
    }

    @Test func readsADocumentThatIsNotWellFormedAndKeepsTheTextLibxml2TookForATag() throws {
        let (body, tally, _) = try Self.repaired(Self.document("<p>Mail <someone@example.org> today.</p>"))
        #expect(body == "<p>Mail &lt;someone@example.org&gt; today.</p>")
        #expect(tally.counts == [.recoveredDocuments: 1])
    }

    @Test func readsADocumentAsHTMLWhenRecoveryWouldLoseText() throws {
        // libxml2's recovery drops entity references after the first error.
        let (body, tally, repair) = try Self.repaired(Self.document("<p>A&nbsp;B caf&eacute; &amp; more<br></p>"))
        #expect(body == "<p>A\u{A0}B café &amp; more<br/></p>")
        #expect(tally.counts == [.htmlDocuments: 1])
        let reparsed = try XMLDocument.parseForEditing(repair.bytes)
        #expect(reparsed.root?.namespace == "http://www.w3.org/1999/xhtml" && reparsed.documentTypePublicID == nil)
    }

    @Test func givesANamedAnchorItsNameAsIDOnlyWhenAsked() throws {
        var repair = try ContentDocumentRepair(bytes: Self.document("<p><a name=\"terms\"/>T <a name=\"9\"/>N</p>"), title: "B")
        #expect(!repair.changed)
        #expect(repair.anchorID("terms") && !repair.anchorID("9") && !repair.anchorID("other"))
        #expect(repair.ids.contains("terms") && repair.tally.counts == [.namedAnchors: 1])
        #expect(String(decoding: repair.bytes, as: UTF8.self).contains("<a name=\"terms\" id=\"terms\"/>"))
    }

    @Test(arguments: [("terms", true), ("h1.2", true), ("_x", true), ("9", false), ("a b", false), ("a:b", false), ("", false)])
    func tellsValidIDs(_ text: String, valid: Bool) {
        #expect(ContentDocumentRepair.isName(text) == valid)
    }
}
