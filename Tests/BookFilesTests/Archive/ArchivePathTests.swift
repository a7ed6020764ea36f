import Testing

@testable import BookFiles

@Test(arguments: [
    ("OEBPS/text/ch1.xhtml", "OEBPS/text/ch1.xhtml"), ("a/./b//c.xhtml", "a/b/c.xhtml"), ("a/b/../c", "a/c"),
    ("dir\\file.txt", "dir/file.txt"),
])
func entryNamesAreNormalised(name: String, expected: String) {
    #expect(ArchivePath.normalise(entryName: name) == expected)
}

@Test(arguments: ["../evil", "a/../../evil", "/etc/passwd", "\\evil", "..\\..\\evil", "C:\\evil", "C:/evil", "", "./"])
func entryNamesThatLeaveTheArchiveAreRefused(name: String) {
    #expect(ArchivePath.normalise(entryName: name) == nil)
}

@Test(arguments: [
    ("ch2.xhtml", "OEBPS/text/ch2.xhtml", nil), ("../images/a%20b.png", "OEBPS/images/a b.png", nil),
    ("ch2.xhtml#sec%201", "OEBPS/text/ch2.xhtml", "sec 1"), ("#note", "OEBPS/text/ch1.xhtml", "note"),
    ("./sub/./x.xhtml#", "OEBPS/text/sub/x.xhtml", nil), ("%E6%BC%B1.xhtml", "OEBPS/text/漱.xhtml", nil),
] as [(String, String, String?)])
func hrefsResolveRelativeToTheirDocumentWithFragmentsApart(href: String, path: String, fragment: String?) {
    let reference = ArchivePath.resolve(href, relativeTo: "OEBPS/text/ch1.xhtml")
    #expect(reference == ArchivePath.Reference(path: path, fragment: fragment))
}

@Test(arguments: [
    "../../../etc/passwd", "/etc/passwd", "http://example.com/x.xhtml", "mailto:a@b.c", "file:///etc/passwd",
    "..\\..\\x", "%2E%2E/%2E%2E/%2E%2E/x", "bad%zz.xhtml", "a%5C..%5C..%5Cx",
])
func hrefsThatLeaveTheArchiveResolveToNothing(href: String) {
    #expect(ArchivePath.resolve(href, relativeTo: "OEBPS/text/ch1.xhtml") == nil)
}
