import Testing

@testable import BookModel

/// The byte-wise, ASCII-case-insensitive comparisons give the answers of
/// comparing `lowercased()` copies, for the words importers compare.
struct ASCIISearchTests {
    static let texts = [
        "application/xhtml+xml", "APPLICATION/XHTML+XML", "Application/Xhtml+Xml", "application/xhtml+xm",
        "application/xhtml+xml ", "text/html", "TEXT/HTML", "text/htm", "ÀPPLICATION/XHTML+XML", "text/html\u{301}",
        "chapter.XHTML", "chapter.xhtml", "chapter.html", "c.HTM", "x", "", "é.xhtml", "chapter.xhtmł", "a.pls", "A.PLS",
        "application/pls+xml", "application/PLS+xml", "applİcation/pls+xml", "ſ.pls",
    ]

    @Test func equalsAsLowercasedCopiesDo() {
        for text in Self.texts {
            for word: StaticString in ["application/xhtml+xml", "text/html", "application/pls+xml"] {
                #expect(text.equalsIgnoringASCIICase(word) == (text.lowercased() == "\(word)"), "\(text) vs \(word)")
            }
        }
    }

    @Test func hasSuffixAsLowercasedCopiesDo() {
        for text in Self.texts {
            for suffix: StaticString in [".xhtml", ".html", ".htm", ".pls"] {
                let expected = text.utf8.count >= suffix.utf8CodeUnitCount
                    && Array(text.lowercased().utf8.suffix(suffix.utf8CodeUnitCount)) == Array("\(suffix)".utf8)
                #expect(text.hasSuffixIgnoringASCIICase(suffix) == expected, "\(text) vs \(suffix)")
            }
        }
    }
}
