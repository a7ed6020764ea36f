import TextPrimitives

/// The language of each paragraph of a plain-text book where the text
/// switches: a paragraph in another script than the book's (Russian in an
/// English book), or with clearly another language's common words, gets
/// that language on its runs, so it is spoken with a voice for it.
struct ParagraphLanguages {
    /// Primary subtag of the book's language (English, the narrator's
    /// default, when unknown).
    private let bookPrimary: String

    init(bookLanguage: String?) {
        bookPrimary = Abbreviations.primaryLanguage(of: bookLanguage)
    }

    /// `block` with its language set when it is written in another one.
    func marked(_ block: TextBlock) -> TextBlock {
        guard let language = LanguageGuesser.guessParagraph(block.text),
            Abbreviations.primaryLanguage(of: language) != bookPrimary
        else { return block }
        var block = block
        for index in block.runs.indices { block.runs[index].language = language }
        return block
    }
}
