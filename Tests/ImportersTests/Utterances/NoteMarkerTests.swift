import BookModel
import Importers
import Testing

/// Note markers written into the text are left out of pages and utterances
/// unless notes are read; bracketed words, years, list numbers, formulas,
/// indexes and addresses stay.
private func text(_ paragraph: String, notes: Bool = false) -> String {
    var options = ImportOptions()
    options.readsNotes = notes
    return Importing.text(bytes: Array(paragraph.utf8), options: options).book.pages.map(\.displayText).joined()
}

@Test(arguments: [
    ("The lamp is trimmed.[1] Then it burns.", "The lamp is trimmed. Then it burns."),
    ("As Smith says [12], it works.", "As Smith says, it works."),
    ("The السرطان[1] was named.", "The السرطان was named."),
    ("A cancer[a] is treated[b].", "A cancer is treated."),
    ("The sea(2) covers the globe.", "The sea covers the globe."),
    ("It burns¹ all night, “Yes.”² No.", "It burns all night, “Yes.” No."),
    ("The watery part of the world.1 More text here.", "The watery part of the world. More text here."),
    ("“Not you,”12 said the Dormouse.", "“Not you,” said the Dormouse."),
    // The only marker a superscript, beside curly quotes (whose UTF-8
    // shares the superscripts' lead byte E2).
    ("“Go,”⁴ she said.", "“Go,” she said."),
    ("“Go,” she said, “home”⁰ now.", "“Go,” she said, “home” now."),
    ("The sea³ was calm.", "The sea was calm."),
    // A superscript's last byte seen first, with its lead bytes before it
    // (E2 81 B4); a marker ending the text.
    ("The lighthouse⁴ shone.", "The lighthouse shone."),
    ("Plain words all the way to the end[7].", "Plain words all the way to the end."),
])
func noteMarkersAreLeftOut(_ marked: String, _ expected: String) {
    #expect(text(marked) == expected)
    #expect(text(marked, notes: true) == marked)
}

@Test(arguments: [
    "He wrote [sic] twice, and he was [a] fool.",
    "Pride and Prejudice (1813) is a novel.",
    "(1) The first item is here.",
    "We know f(1) = 2 and sin(2) + 1 here.",
    "Call argv[0] first, then the list[1000].",
    "See No.5 and Fig.2 on p.12 now.",
    "Visit www.example.50.com or jane.doe@example.com today.",
    "Version 3.1 is out, and 1,000 people.2x faster.",
    "It covers 10 m² of L³C, 10² in all.",
    "Set filename \"pxelinux.0\"; then load libfoo.so.6, and boot.",
    "Install python3.11 and run setup.1 now.",
])
func bracketedWordsYearsListNumbersAndFormulasStay(_ plain: String) {
    #expect(text(plain) == plain)
}

@Test func codeKeepsItsBrackets() {
    let code = "Run it so:\n\n    x = argv[1]\n    y = f(2)\n"
    #expect(text(code).hasSuffix("x = argv[1]\ny = f(2)"))
}
