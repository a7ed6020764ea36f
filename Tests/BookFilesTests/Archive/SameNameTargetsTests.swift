import BookFiles
import Testing

/// Where a link to a missing file is pointed: the one file of its name in
/// the first group that has any.
struct SameNameTargetsTests {
    let targets = SameNameTargets(preferring: [
        ["guide/intro.xhtml", "guide/setup.xhtml"],
        ["guide/intro.xhtml", "guide/setup.xhtml", "de/guide/setup.xhtml", "de/guide/extra.xhtml"],
        ["guide/intro.xhtml", "de/guide/extra.xhtml", "fr/guide/extra.xhtml", "a/notes.xhtml", "b/notes.xhtml"],
    ])

    @Test func theFirstGroupWithTheNameDecidesEvenWhenALaterOneHasMore() {
        #expect(targets.target(for: "setup.xhtml") == "guide/setup.xhtml")
        #expect(targets.target(for: "wrong/folder/intro.xhtml") == "guide/intro.xhtml")
        #expect(targets.target(for: "extra.xhtml") == "de/guide/extra.xhtml")
    }

    @Test func twoFilesOfTheNameInTheDecidingGroupOrNoneLeaveItUnresolved() {
        #expect(targets.target(for: "notes.xhtml") == nil)
        #expect(targets.target(for: "missing.xhtml") == nil)
        #expect(SameNameTargets.fileName("a/b/c.xhtml") == "c.xhtml" && SameNameTargets.fileName("c.xhtml") == "c.xhtml")
    }
}
