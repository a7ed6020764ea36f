import Testing

@testable import BookFiles

/// File names in natural order: the chapter files of a recording, the pages of an HTML folder.
struct NaturalOrderTests {
    @Test func numbersInNamesCompareAsNumbers() {
        let names = ["chapter 10.mp3", "chapter 2.mp3", "Chapter 1.mp3", "chapter 02b.mp3", "appendix.mp3", "chapter 100.mp3"]
        #expect(names.sorted(by: NaturalOrder.precedes)
            == ["appendix.mp3", "Chapter 1.mp3", "chapter 2.mp3", "chapter 02b.mp3", "chapter 10.mp3", "chapter 100.mp3"])
        #expect(NaturalOrder.precedes("pp_01_austen_64kb.mp3", "pp_10_austen_64kb.mp3"))
        #expect(!NaturalOrder.precedes("b", "a"))
        #expect(NaturalOrder.precedes("a", "a1"))
    }
}
