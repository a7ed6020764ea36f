import Testing

@testable import TextPrimitives

/// A case: the text, and the note markers in it as they are written.
private func markers(in text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    return NoteMarkers.ranges(in: scalars).map { range in
        String(String.UnicodeScalarView(scalars[range]))
    }
}

@Test(arguments: [
    ("It was evening.[2] Then night.", ["[2]"]),
    ("السرطان[1] مرض", ["[1]"]),
    ("A word¹ and another².", ["¹", "²"]),
    ("The notes¹²³ end.", ["¹²³"]),
])
func findsBracketedNumbersAndSuperscriptsAfterText(_ text: String, _ expected: [String]) {
    #expect(markers(in: text) == expected)
}

@Test(arguments: [
    "[1] A note's own label.",
    "An area of 10² metres.",
    "It measures 3 m² or 4 cm³.",
    "The L³C group.",
    "A long number [1234] in brackets.",
    "An empty [] pair.",
])
func leavesLabelsPowersAndUnitsAlone(_ text: String) {
    #expect(markers(in: text).isEmpty)
}
