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
    "urn:isbn:978", "x+y-z.1:thing", "HTTPS://example.com",
])
func hrefsThatLeaveTheArchiveResolveToNothing(href: String) {
    #expect(ArchivePath.resolve(href, relativeTo: "OEBPS/text/ch1.xhtml") == nil)
}

/// A colon makes a scheme only after a letter and then letters, digits,
/// `+`, `-` or `.`; otherwise it is part of a file's name.
@Test(arguments: [
    ("1st:part.xhtml", "OEBPS/text/1st:part.xhtml"), ("é:x.xhtml", "OEBPS/text/é:x.xhtml"),
    ("a b:c.xhtml", "OEBPS/text/a b:c.xhtml"), ("ch_2:x.xhtml", "OEBPS/text/ch_2:x.xhtml"),
])
func colonsThatMakeNoSchemeArePartOfThePath(href: String, path: String) {
    #expect(ArchivePath.resolve(href, relativeTo: "OEBPS/text/ch1.xhtml")?.path == path)
}

@Test func hrefsResolveInFoldersWithNonASCIINames() {
    #expect(ArchivePath.resolve("../bilder/ö.png", relativeTo: "Bücher/Text/ch1.xhtml")?.path == "Bücher/bilder/ö.png")
    #expect(ArchivePath.normalise(entryName: "Bücher//Text/./ch1.xhtml") == "Bücher/Text/ch1.xhtml")
}

/// Every path made of a few segments (names, `.`, `..`, empty), as an
/// ASCII path and with a non-ASCII name after it: ASCII paths are resolved
/// on their bytes, the others by their segments, and both must agree.
@Test func asciiPathsResolveAsTheirSegmentsDo() {
    let pieces = ["a", "bc", ".", "..", ""]
    var paths = [""]
    for _ in 0..<4 { paths = paths.flatMap { path in pieces.map { path.isEmpty ? $0 : path + "/" + $0 } } }
    for path in paths {
        let plain = ArchivePath.normalise(entryName: path)
        #expect(ArchivePath.normalise(entryName: path.isEmpty ? "é" : path + "/é") == plain.map { $0 + "/é" } ?? (escapes(path) ? nil : "é"), "\(path)")
        let inD = ArchivePath.resolve(path, relativeTo: "d/doc.xhtml")?.path
        let inÉ = ArchivePath.resolve(path, relativeTo: "é/doc.xhtml")?.path
        #expect(inD.map { $0 == "d" ? "é" : $0.hasPrefix("d/") ? "é" + $0.dropFirst() : $0 } == inÉ, "\(path)")
    }
}

/// Whether `..` in `path` climbs past its root.
private func escapes(_ path: String) -> Bool {
    var depth = 0
    for segment in path.split(separator: "/") {
        if segment == ".." { depth -= 1 } else if segment != "." { depth += 1 }
        if depth < 0 { return true }
    }
    return false
}

/// Hrefs made of the pieces that decide a resolution (white space, `#`,
/// slashes, `.` and `..`, a scheme, a backslash, a percent escape, a
/// carriage return), against bases at the root and in folders: the bytewise
/// reading of plain ASCII hrefs gives what the general reading gives.
@Test func asciiHrefsResolveAsInGeneral() {
    let pieces = ["a", "b.xhtml", "/", "#", "#f", ".", "..", " ", "\t", "\n", "\r", "\\", "%41", "http:", "x-y:", "1:"]
    var hrefs = [""]
    for _ in 0..<3 { hrefs = hrefs.flatMap { href in pieces.map { href + $0 } } }
    for base in ["doc.xhtml", "OEBPS/text/ch1.xhtml", "a/b/c.xhtml"] {
        for href in hrefs {
            let resolved = ArchivePath.resolve(href, relativeTo: base)
            #expect(resolved == ArchivePath.resolveInGeneral(href, relativeTo: base), "\(href.debugDescription) in \(base)")
        }
    }
}
