// The fuzzer compiles the plist sources without the rest of the Importers
// module; this is the one type they need from it.
import BookModel

public struct ImportResult: Sendable {
    public var book: Book
    public var warnings: [Warning]

    public init(book: Book, warnings: [Warning] = []) {
        self.book = book
        self.warnings = warnings
    }
}
