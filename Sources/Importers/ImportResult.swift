import BookModel

/// A book and the warnings met while importing it.
public struct ImportResult: Sendable {
    public var book: Book
    public var warnings: [Warning]

    public init(book: Book, warnings: [Warning] = []) {
        self.book = book
        self.warnings = warnings
    }
}
