import BookFiles
import BookModel
import Testing

@testable import BookFiles
@testable import Exporters
@testable import Importers
@testable import PropertyLists

/// Whole imports of one format, as the tests need them: each drains the one
/// page stream of its format, collecting the warnings.
enum Importing {
    /// A publication from any container (a zip, a folder, entries in memory).
    static func epub(_ archive: some Archive, options: ImportOptions = ImportOptions()) throws(ImportError)
        -> ImportResult
    {
        let collector = WarningCollector()
        let stream = try EPUBPageStream(archive: archive, options: options, warnings: collector.sink)
        return ImportResult(book: try BookImporter.drain(stream), warnings: collector.warnings)
    }

    /// The EPUB whose zip bytes are `bytes`, read with `limits`.
    static func epub(bytes: [UInt8], options: ImportOptions = ImportOptions(), limits: ArchiveLimits = ArchiveLimits())
        throws(ImportError) -> ImportResult
    {
        let archive: ZipArchive
        do { archive = try ZipArchive(bytes: bytes, limits: limits) } catch { throw ImportError(error) }
        return try epub(archive, options: options)
    }

    /// A plist of a known format, whole.
    static func plist(bytes: [UInt8], format: InputFormat) throws(ImportError) -> ImportResult {
        let collector = WarningCollector()
        let stream = try NarratedPlistPageStream(source: MemoryByteSource(bytes), format: format, warnings: collector.sink)
        return ImportResult(book: try BookImporter.drain(stream), warnings: collector.warnings)
    }

    /// Plain text, whole. Text in memory cannot fail to be read; if it
    /// did, the test fails with the error and gets an empty book.
    static func text(bytes: [UInt8], options: ImportOptions = ImportOptions()) -> ImportResult {
        do { return try BookImporter.importBook(bytes: bytes, fileName: "book.txt", options: options) } catch {
            Issue.record(error)
            return ImportResult(book: Book())
        }
    }
}
