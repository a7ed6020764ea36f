import Testing

@testable import BookFiles

/// Which NCX indexes libmobi may be left to write out: trees only.
struct MobiTableOfContentsTests {
    typealias Entry = MobiTableOfContents.Entry

    @Test func aTwoLevelTableIsATree() {
        // Kindle lists the top level first, then each entry's children.
        let entries = [
            Entry(level: 0, parent: nil, firstChild: 2, lastChild: 4),
            Entry(level: 0, parent: nil, firstChild: nil, lastChild: nil),
            Entry(level: 1, parent: 0, firstChild: nil, lastChild: nil),
            Entry(level: 1, parent: 0, firstChild: nil, lastChild: nil),
            Entry(level: 1, parent: 0, firstChild: nil, lastChild: nil),
        ]
        #expect(MobiTableOfContents(entries: entries).isTree)
        #expect(MobiTableOfContents(entries: []).isTree)
    }

    @Test(arguments: [
        ("parents that loop", [Entry(level: 0, parent: 1, firstChild: nil, lastChild: nil), Entry(level: 1, parent: 0, firstChild: nil, lastChild: nil)]),
        ("an entry its own parent", [Entry(level: 0, parent: 0, firstChild: nil, lastChild: nil)]),
        ("a child range before its entry", [Entry(level: 0, parent: nil, firstChild: nil, lastChild: nil), Entry(level: 0, parent: nil, firstChild: 0, lastChild: 1)]),
        ("a child range past the end", [Entry(level: 0, parent: nil, firstChild: 1, lastChild: 9), Entry(level: 1, parent: 0, firstChild: nil, lastChild: nil)]),
        ("a child that names another parent", [
            Entry(level: 0, parent: nil, firstChild: 2, lastChild: 3), Entry(level: 0, parent: nil, firstChild: 2, lastChild: 3),
            Entry(level: 1, parent: 1, firstChild: nil, lastChild: nil),
        ]),
        ("ranges that overlap", [
            Entry(level: 0, parent: nil, firstChild: 1, lastChild: 3), Entry(level: 1, parent: 0, firstChild: 2, lastChild: 3),
            Entry(level: 2, parent: 1, firstChild: nil, lastChild: nil), Entry(level: 0, parent: nil, firstChild: 1, lastChild: 3),
        ]),
    ])
    func aDamagedTableIsNotATree(_ damage: String, entries: [Entry]) {
        #expect(!MobiTableOfContents(entries: entries).isTree, "\(damage)")
    }
}
