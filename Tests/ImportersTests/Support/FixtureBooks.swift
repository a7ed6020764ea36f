import BookFiles
import BookModel
import TestSupport
import Testing

@testable import Importers

/// Whole imports of fixture files through the one entry point, as the
/// command line reads them: format recognised from the content.
enum FixtureBooks {
    /// The fixture at `path` (under fixtures/), imported whole.
    static func book(_ path: String, options: ImportOptions = ImportOptions()) throws -> Book {
        try result(path, options: options).book
    }

    static func result(_ path: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try BookImporter.importBook(bytes: PackageFixtures.bytes(path), fileName: path, options: options)
    }

    /// Each page's text with line breaks as written, for comparing pages whole.
    static func texts(_ book: Book) -> [String] {
        book.pages.map(\.displayText)
    }

    /// The resource a book names, read through its page stream.
    static func resource(_ path: String, named name: String) throws -> [UInt8]? {
        let stream = try BookImporter.open(MemoryByteSource(PackageFixtures.bytes(path)), fileName: path)
        return try stream.resource(at: name)
    }
}
