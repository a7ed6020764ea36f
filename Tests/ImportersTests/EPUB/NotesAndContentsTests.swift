import BookModel
import Testing

@testable import Importers

/// What is read of an EPUB besides its chapters: in-book tables of
/// contents are not read by default (`--contents` reads them); notes are
/// read only with `--notes`, where the book puts them.
private func book(notes: Bool = false, contents: Bool = false) throws -> Book {
    var epub = TestEPUB()
    epub.add("contents.xhtml", """
        <nav epub:type="toc"><h2>THE CONTENTS</h2><ol><li><a href="one.xhtml">One</a></li><li><a href="two.xhtml">Two</a></li></ol></nav>
        """)
    epub.add("brief.xhtml", """
        <h2>Brief Contents</h2><p><a href="one.xhtml">Chapter One</a></p><p><a href="two.xhtml">Chapter Two</a></p>
        <p><a href="notes.xhtml">Notes</a></p>
        """)
    epub.add("one.xhtml", """
        <h2>One</h2><p>The cancer<a href="notes.xhtml#n1" epub:type="noteref">1</a> spread. The السرطان[1] was named.</p>
        <aside epub:type="footnote" id="f1"><p>A footnote of chapter one.</p></aside>
        """)
    epub.add("two.xhtml", "<h2>Two</h2><p>Nothing more.</p>")
    epub.add("notes.xhtml", """
        <section epub:type="endnotes"><h2>Endnotes</h2><ol><li id="n1" epub:type="endnote"><p>An endnote.
        <a href="one.xhtml#r1" epub:type="backlink">↩</a></p></li></ol></section>
        """)
    epub.nav = [("One", "one.xhtml"), ("Two", "two.xhtml"), ("Endnotes", "notes.xhtml")]
    var options = ImportOptions()
    options.readsNotes = notes
    options.readsContents = contents
    return try epub.importBook(options).book
}

@Test func inBookTablesOfContentsAreNotReadUnlessAsked() throws {
    let plain = try book()
    #expect(!plain.pages.contains { $0.displayText.contains("CONTENTS") || $0.displayText.contains("Brief Contents") })
    #expect(plain.pages.first?.title == "One")
    let withContents = try book(contents: true)
    #expect(withContents.pages.contains { $0.displayText.contains("THE CONTENTS") })
    #expect(withContents.pages.contains { $0.displayText.contains("Brief Contents") })
}

@Test func notesAreReadWhereTheBookPutsThemOnlyWithNotes() throws {
    let plain = try book()
    #expect(!plain.pages.contains { $0.displayText.contains("footnote") || $0.displayText.contains("endnote") })
    let withNotes = try book(notes: true)
    let one = try #require(withNotes.pages.first { $0.title == "One" })
    #expect(one.displayText.hasSuffix("A footnote of chapter one."))
    let notes = try #require(withNotes.pages.last)
    #expect(notes.displayText.contains("An endnote."))
    #expect(!notes.displayText.contains("↩"))
    // Note references stay unspoken either way; a bare marker stays in the text.
    #expect(!one.displayText.contains("cancer1"))
    #expect(one.displayText.contains("السرطان[1]"))
}

@Test func noteMarkersWrittenInTheTextAreShownAndSpokenOnlyWithNotes() throws {
    let plain = try #require(try book().pages.first { $0.title == "One" })
    #expect(plain.displayText.contains("The السرطان was named."))
    let withNotes = try #require(try book(notes: true).pages.first { $0.title == "One" })
    #expect(withNotes.displayText.contains("The السرطان[1] was named."))
}
