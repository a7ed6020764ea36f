import Importers
import Testing

@testable import PropertyLists

@Test(arguments: [
    ("bplist00\u{0}", nil, InputFormat.binaryPropertyList),
    ("<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x\">\n<plist>", nil, .xmlPropertyList),
    ("\u{FEFF}<?xml version=\"1.0\"?><plist version=\"1.0\">", nil, .xmlPropertyList),
    ("  <plist><dict/></plist>", nil, .xmlPropertyList),
    ("{\n  \"bookPages\": []\n}", nil, .jsonPropertyList),
    ("PK\u{3}\u{4}rest", nil, .epub),
    ("CHAPTER I.\n\nIt was a dark night.", "story.plist", .plainText),
    ("Call me Ishmael.", nil, .plainText),
    ("", "book.epub", .epub),
])
func recognisesFormatsByContentFirst(head: String, fileName: String?, expected: InputFormat) {
    #expect(InputFormat.sniff(Array(head.utf8), fileName: fileName) == expected)
}
