import BookModel
import InteractiveReader
import Testing

/// Pride and Prejudice's shape: a title page and a preface before the
/// chapters, so chapter XXVIII is on page 30.
private let novel = [Page(title: "Titlepage"), Page(title: "Preface")]
    + (1...61).map { Page(title: "Chapter \(romanNumeral($0))") }

private func romanNumeral(_ number: Int) -> String {
    let table: [(Int, String)] = [(50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    var rest = number, text = ""
    for (value, numeral) in table { while rest >= value { text += numeral; rest -= value } }
    return text
}

@Test(arguments: [
    ("28", ChapterFinder.Outcome.page(29)), ("1", .page(2)), ("61", .page(62)),
    ("#30", .page(29)), ("# 1", .notFound("There is no page  1; pages are 1–63.")), ("#64", .notFound("There is no page 64; pages are 1–63.")),
    ("pref", .page(1)), ("PREFACE", .page(1)), ("chapter x", .page(11)), ("xxviii", .page(29)),
    ("62", .notFound("No chapter 62 by its title; #62 goes to page 62.")),
    ("epilogue", .notFound("No chapter title starts with “epilogue”.")),
])
func goFindsAChapterByNumberOrTitleAndAPageByHash(typed: String, outcome: ChapterFinder.Outcome) {
    #expect(ChapterFinder(pages: novel).find(typed) == outcome)
}

@Test func aNumberIsAPageWhenNoTitleCarriesANumber() {
    let pages = [Page(title: "Opening"), Page(), Page(title: "Middle"), Page()]
    #expect(ChapterFinder(pages: pages).find("3") == .page(2))
    #expect(ChapterFinder(pages: pages).find("mid") == .page(2))
}

@Test func numberedTitlesInOtherLanguagesAndStylesAreFound() {
    let pages = [Page(title: "Kapitel 1. Anfang"), Page(title: "2. Mitte"), Page(title: "III — Ende"), Page(title: "Épilogue")]
    let finder = ChapterFinder(pages: pages)
    #expect(finder.find("2") == .page(1))
    #expect(finder.find("3") == .page(2))
    #expect(finder.find("epi") == .page(3))
}
