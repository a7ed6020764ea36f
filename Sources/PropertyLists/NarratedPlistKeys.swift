/// The keys of a narrated-book plist. The first five are the tutorial's; the
/// rest are narrate's own, placed where the tutorial's loader never looks (it
/// reads only `bookPages`, and per page `backgroundImage` and `utterances`, and
/// per utterance `utteranceString` and `utteranceProperties`) so an exported
/// book still loads in the tutorial's app.
package enum NarratedPlistKeys {
    package static let bookPages = "bookPages"
    package static let backgroundImage = "backgroundImage"
    package static let utterances = "utterances"
    package static let utteranceString = UtteranceKey.string.description
    package static let utteranceProperties = UtteranceKey.properties.description

    /// Top level: a dictionary of the book's metadata.
    package static let bookMetadata = "narrateBookMetadata"
    package static let title = "title"
    package static let authors = "authors"
    package static let language = "language"
    package static let identifier = "identifier"
    package static let sourceFile = "sourceFile"

    /// Per page: the page's title.
    package static let pageTitle = "narratePageTitle"
    /// Per utterance: its language tag, when it differs from the book's.
    package static let utteranceLanguage = UtteranceKey.language.description
    /// Per utterance: `true` when it is part of a note (a footnote, an
    /// endnote, a notes page's text; ``BookModel/Utterance/isNote``); absent otherwise.
    package static let utteranceNote = UtteranceKey.note.description
    /// Per utterance: `{resource, line, column}` of its source.
    package static let utteranceSource = UtteranceKey.source.description
    package static let resource = UtteranceKey.resource.description
    package static let line = UtteranceKey.line.description
    package static let column = UtteranceKey.column.description

    /// Per utterance: how parts of its text are said (lexicon entries,
    /// `ssml:ph`), an array of dictionaries with the keys below.
    package static let utterancePronunciations = UtteranceKey.pronunciations.description
    /// The keys of a pronunciation's dictionary, as strings for reading.
    package static let location = PronunciationKey.location.description
    package static let length = PronunciationKey.length.description
    package static let coveredText = PronunciationKey.coveredText.description
    package static let phonemes = PronunciationKey.phonemes.description
    package static let alphabet = PronunciationKey.alphabet.description
    package static let alias = PronunciationKey.alias.description
    package static let continued = PronunciationKey.continued.description
    package static let origin = PronunciationKey.origin.description

    /// The keys of an utterance's dictionary and of its source's, fixed when
    /// narrate is built, so a writer copies them as they are
    /// (``PropertyListEmitter/key(static:)``): six keys a line, in every
    /// utterance of a book.
    package enum UtteranceKey {
        package static let string: StaticString = "utteranceString"
        package static let properties: StaticString = "utteranceProperties"
        package static let language: StaticString = "narrateLanguage"
        package static let note: StaticString = "narrateNote"
        package static let pronunciations: StaticString = "narratePronunciations"
        package static let source: StaticString = "narrateSource"
        package static let resource: StaticString = "resource"
        package static let line: StaticString = "line"
        package static let column: StaticString = "column"
    }

    /// The keys of a pronunciation's dictionary, fixed when narrate is
    /// built, so a writer copies them as they are (``PropertyListEmitter/key(static:)``).
    package enum PronunciationKey {
        /// Where the stretch starts and how long it is, in Unicode scalars.
        package static let location: StaticString = "location"
        package static let length: StaticString = "length"
        /// The text it covers, as a check.
        package static let coveredText: StaticString = "text"
        /// What is said: `phonemes` (with `alphabet` when not `ipa`), or
        /// `alias`, or `continued` (true).
        package static let phonemes: StaticString = "phonemes"
        package static let alphabet: StaticString = "alphabet"
        package static let alias: StaticString = "alias"
        package static let continued: StaticString = "continued"
        /// `inline` (ssml:ph), `book PATH` (the book's lexicon) or `user NAME`
        /// (the user's lexicon).
        package static let origin: StaticString = "origin"
    }
}
