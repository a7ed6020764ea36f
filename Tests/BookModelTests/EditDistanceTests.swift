import BookModel
import Testing

@Test(arguments: [
    ("improt", "import", 2), ("englsh", "english", 1), ("", "abc", 3), ("abc", "", 3),
    ("same", "same", 0), ("kitten", "sitting", 3), ("日本", "日本語", 1),
])
func editDistanceCountsInsertionsDeletionsAndSubstitutions(a: String, b: String, distance: Int) {
    #expect(a.editDistance(to: b) == distance)
    #expect(b.editDistance(to: a) == distance)
}
