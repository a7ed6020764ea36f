/// The keys of a narrated-book plist. The first five are the tutorial's; the
/// rest are narrate's own, placed where the tutorial's loader never looks (it
/// reads only `bookPages`, and per page `backgroundImage` and `utterances`, and
/// per utterance `utteranceString` and `utteranceProperties`) so an exported
/// book still loads in the tutorial's app.
enum NarratedPlistKeys {
    static let bookPages = "bookPages"
    static let backgroundImage = "backgroundImage"
    static let utterances = "utterances"
    static let utteranceString = "utteranceString"
    static let utteranceProperties = "utteranceProperties"

    /// Top level: a dictionary of the book's metadata.
    static let bookMetadata = "narrateBookMetadata"
    static let title = "title"
    static let authors = "authors"
    static let language = "language"
    static let identifier = "identifier"
    static let sourceFile = "sourceFile"

    /// Per page: the page's title.
    static let pageTitle = "narratePageTitle"
    /// Per utterance: its language tag, when it differs from the book's.
    static let utteranceLanguage = "narrateLanguage"
    /// Per utterance: `{resource, line, column}` of its source.
    static let utteranceSource = "narrateSource"
    static let resource = "resource"
    static let line = "line"
    static let column = "column"
}
