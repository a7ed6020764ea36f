import BookFiles
import BookModel
import Importers

/// Opens the book a ``BookRequest`` names, the one way every command and
/// every render worker does: the import options, the user's lexicons
/// (read on another thread meanwhile), the same limits and errors.
public enum BookOpener {
    /// Opens the book, once, as a stream of pages; warnings (those met
    /// before the first page at once, later ones as their pages are read)
    /// go to `context`.
    /// - Parameter inMemory: read a file whole into memory first (fast for
    ///   a whole import); otherwise it is read in place as pages are asked
    ///   for, so memory does not grow with its length. Standard input is
    ///   always read whole.
    public static func open(_ request: BookRequest, context: CommandContext, inMemory: Bool) throws -> any PageStream {
        context.strict = request.strict
        context.quiet = request.quiet
        let request = UserLexicons.resolved(request, notice: context.printError)
        let loading = UserLexicons.startLoading(request.lexicons)
        let stream = try openBook(request, context: context, inMemory: inMemory)
        let lexiconSet = try loading.wait(context)
        return lexiconSet.isEmpty ? stream : PronouncingPageStream(stream, lexicons: lexiconSet)
    }

    /// Reads the whole book: the stream of ``open(_:context:inMemory:)``, drained.
    public static func load(_ request: BookRequest, context: CommandContext) throws -> Book {
        try drain(open(request, context: context, inMemory: true), request: request, context: context)
    }

    /// Reads an opened book to its end (keeping the stream for the files
    /// it carries, such as its pictures), with the errors and `--strict`
    /// check of ``load(_:context:)``.
    public static func drain(_ stream: any PageStream, request: BookRequest, context: CommandContext) throws -> Book {
        let book: Book
        do { book = try BookImporter.drain(stream) } catch { throw failure(error, path: request.path) }
        try context.checkStrict()
        return book
    }

    /// The EPUB's archive and package document, opened as the importer opens
    /// them (the same container rules, fallbacks, zip limits and errors);
    /// nil when the book is not an EPUB.
    public static func openEPUB(_ request: BookRequest) throws -> (archive: any Archive, packagePath: String)? {
        guard request.path != "-" else { return nil }
        let source: FileByteSource
        do { source = try FileByteSource(path: request.path) } catch { throw Failure(request.path, error.description) }
        do { return try BookImporter.openEPUB(source, options: request.options) } catch {
            throw failure(error, path: request.path)
        }
    }

    private static func openBook(_ request: BookRequest, context: CommandContext, inMemory: Bool) throws -> any PageStream {
        let path = request.path
        let fileName = path == "-" ? nil : path
        let warnings = context.warnings(about: path)
        do {
            if path != "-", InputFile.isDirectory(path) {
                return try BookImporter.openFolder(path, options: request.options, warnings: warnings)
            }
            if inMemory || path == "-" {
                let source = MemoryByteSource(try InputFile.read(path))
                return try BookImporter.open(source, fileName: fileName, options: request.options, warnings: warnings)
            }
            try InputFile.checkReadable(path)
            let source: FileByteSource
            do { source = try FileByteSource(path: path) } catch { throw Failure(path, error.description) }
            return try BookImporter.open(source, fileName: fileName, options: request.options, warnings: warnings)
        } catch let error as ImportError {
            throw failure(error, path: path)
        }
    }

    /// The failure for an import error, with what the user can do about a
    /// size limit.
    public static func failure(_ error: ImportError, path: String) -> Failure {
        guard case .tooLarge = error else { return Failure(path, error.description) }
        return Failure(path, error.description + "; if the book is genuine, raise the limit with --zip-limit MB")
    }
}
