import BookModel

/// Imports a plain-text book: decodes its bytes, finds its chapters and
/// paragraphs, and cuts them into utterances with heuristic prosody.
public enum PlainTextImporter {
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - options: granularity and prosody profile.
    /// - Returns: one page per chapter (the text before the first chapter
    ///   heading makes a page of its own), the title, authors and language
    ///   when the text gives or suggests them, and decoding warnings.
    public static func importBook(bytes: [UInt8], options: ImportOptions = ImportOptions()) -> ImportResult {
        let decoder = TextDecoder(bytes: bytes)
        let document = PlainTextParser.parse(text: decoder.text)
        let language = document.language ?? LanguageGuesser.guess(decoder.text[...])
        let builder = UtteranceBuilder(options: options, language: language)
        let utterances = builder.utterances(forPages: document.chapters.map(\.blocks))
        let pages = zip(document.chapters, utterances).map { chapter, utterances in
            Page(title: chapter.title, utterances: utterances)
        }.filter { !$0.utterances.isEmpty }
        var warnings = decoder.warnings
        if pages.isEmpty { warnings.append(Warning("no text found")) }
        let metadata = BookMetadata(title: document.title, authors: document.authors, language: language)
        return ImportResult(book: Book(metadata: metadata, pages: pages), warnings: warnings)
    }
}
