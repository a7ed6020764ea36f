import BookModel
import Foundation
import TestSupport
import Testing

@testable import BookFiles
@testable import Exporters
@testable import Importers
@testable import PropertyLists

/// Real books from `../shared/corpus/epub`; skipped when the folder is absent.
enum Corpus {
    static let folder = PackageFixtures.root.deletingLastPathComponent()
        .appendingPathComponent("shared/corpus/epub").path

    static var books: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".epub") }.sorted()
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: folder + "/" + name)))
    }
}

@Test(.enabled(if: !Corpus.books.isEmpty, "../shared/corpus/epub is absent"), arguments: Corpus.books)
func everyCorpusBookImportsInSpineOrderWithTitlesFromItsTableOfContents(name: String) throws {
    let bytes = try Corpus.bytes(name)
    let result = try Importing.epub(bytes: bytes)
    #expect(!result.book.pages.isEmpty)
    #expect(result.book.metadata.title?.isEmpty == false)

    let archive = try ZipArchive(bytes: bytes)
    let packagePath = try PackageLocator.locate(in: archive).path
    let package = try PackageDocument(bytes: archive.read(packagePath), path: packagePath)
    let spineOrder = Dictionary(package.spine.enumerated().map { ($1.item.path, $0) }, uniquingKeysWith: min)
    let pageOrder = result.book.pages.compactMap { $0.utterances.first?.source?.resource.flatMap { spineOrder[$0] } }
    #expect(pageOrder.count == result.book.pages.count, "every page comes from a spine item")
    #expect(pageOrder == pageOrder.sorted(), "pages follow the spine")

    let entries = try tableOfContentsEntries(package, archive: archive)
    let tocTitles = entries.map(\.title)
    let pageTitles = result.book.pages.compactMap(\.title)
    let missing = try entries.filter { try !pageTitles.contains($0.title) && !pointsAtNotes($0, archive) }
    #expect(missing.count * 10 <= tocTitles.count, "TOC titles missing: \(missing.map(\.title))")
    let titledFromTOC = pageTitles.filter(tocTitles.contains)
    #expect(titledFromTOC == tocTitles.filter(titledFromTOC.contains), "titles appear in TOC order")
}

/// TOC entries with titles that point into linear spine documents.
private func tableOfContentsEntries(_ package: PackageDocument, archive: ZipArchive) throws -> [TableOfContents.Entry] {
    let linear = Set(package.spine.filter(\.isLinear).map(\.item.path))
    var toc = TableOfContents()
    if let nav = package.navigationPath {
        toc = try TableOfContents(navigation: archive.read(nav), path: nav)
    }
    if !toc.entries.contains(where: { archive.contains($0.target.path) }), let ncx = package.ncxPath {
        toc = try TableOfContents(ncx: archive.read(ncx), path: ncx)
    }
    _ = toc.repairMissingTargets(in: archive, linearSpine: Array(linear), spine: package.spine.map(\.item.path))
    return toc.entries.filter { linear.contains($0.target.path) && !$0.title.isEmpty }
}

/// Whether an entry points at a notes section, which is not spoken.
private func pointsAtNotes(_ entry: TableOfContents.Entry, _ archive: ZipArchive) throws -> Bool {
    guard let fragment = entry.target.fragment else { return false }
    let root = try #require(try XMLDocument.parse(archive.read(entry.target.path), htmlFallback: true).root)
    var finder = ElementFinder(id: fragment)
    root.walk(&finder)
    let notes: Set<Substring> = ["footnotes", "endnotes", "rearnotes"]
    return finder.found?.epubTypes.contains(where: notes.contains) ?? false
}

private struct ElementFinder: XMLVisitor {
    let id: String
    var found: XMLNode?

    mutating func enter(_ node: XMLNode) -> Bool {
        if found == nil, node.kind == .element, node.attribute("id") == id { found = node }
        return found == nil && node.kind == .element
    }
}

@Test(.enabled(if: Corpus.books.contains("se_jane-austen_pride-and-prejudice.epub"), "corpus absent"))
func prideAndPrejudiceHasItsSixtyOneChaptersInOrder() throws {
    let result = try Importing.epub(bytes: Corpus.bytes("se_jane-austen_pride-and-prejudice.epub"))
    let chapters = result.book.pages.filter { $0.title.flatMap(ListMarker.romanValue) != nil }
    #expect(chapters.compactMap { $0.title.flatMap(ListMarker.romanValue) } == Array(1...61))
    let first = chapters.first?.displayText.collapsingWhitespace() ?? ""
    #expect(first.hasPrefix("I It is a truth universally acknowledged, that a single man in possession of a good fortune"))
    #expect(result.warnings.isEmpty)
}

@Test(.enabled(if: Corpus.books.contains("idpf_kusamakura-japanese-vertical-writing.epub"), "corpus absent"))
func kusamakuraReadsItsThirteenChaptersWithoutRubyReadings() throws {
    let result = try Importing.epub(bytes: Corpus.bytes("idpf_kusamakura-japanese-vertical-writing.epub"))
    let numerals = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三"]
    #expect(result.book.pages.compactMap(\.title).filter(numerals.contains) == numerals)
    let first = try #require(result.book.pages.first { $0.title == "一" }).displayText.collapsingWhitespace()
    #expect(first.hasPrefix("一 山路を登りながら、こう考えた。"))
    #expect(result.book.metadata.language == "ja-jp")
}

@Test(.enabled(if: Corpus.books.contains("debian_live-manual.en.epub"), "corpus absent"))
func theLiveManualSplitsChaptersAtItsNCXFragments() throws {
    let result = try Importing.epub(bytes: Corpus.bytes("debian_live-manual.en.epub"))
    let page = try #require(result.book.pages.first { $0.title == "1.1 For the impatient" })
    #expect(page.displayText.collapsingWhitespace().hasPrefix("1.1 For the impatient While we believe"))
    #expect(result.book.pages.filter { $0.title == "1. About this manual" }.count == 1)
}
