import BookFiles
import BookModel

/// The single entry point for reading books: recognises the input's format
/// from its bytes, once, and opens the one page stream of that format.
/// Importing a whole book is draining that stream.
public enum BookImporter {
    /// Opens a book to be read page by page (see ``PageStream``). Plain
    /// text and EPUB are read as their pages are asked for; an XML or binary
    /// plist file is checked whole first, then read page by page from a
    /// mapping; other plists are parsed whole.
    /// - Parameters:
    ///   - source: the input, read piece by piece; a ``FileByteSource`` for
    ///     a file (its EPUB is read from the file, not copied into memory).
    ///   - fileName: the name the user gave, used for the book's source and
    ///     held to the format its extension promises; nil for standard input.
    ///   - options: granularity, prosody and EPUB choices.
    ///   - warnings: where problems that do not stop the reading go, as they
    ///     are met (those of later pages only as those pages are read).
    /// - Throws: ``ImportError`` for what is wrong before the first page: an
    ///   empty input, a file that is not a book narrate reads (see
    ///   ``InputFormat/recognise(_:size:fileName:)`` and, for zips,
    ///   ``ZipContents``), a damaged one (later problems are thrown by
    ///   ``PageStream/nextPart()``).
    public static func open(
        _ source: some ByteSource, fileName: String?, options: ImportOptions = ImportOptions(),
        warnings: WarningSink = .ignoring
    ) throws(ImportError) -> any PageStream {
        let head = try ImportError.file { () throws(FileError) in try source.read(at: 0, count: 4096) }
        let sourceFile = fileName?.split(separator: "/").last.map(String.init)
        let stream: any PageStream
        let format = try InputFormat.recognise(head, size: source.size, fileName: fileName)
        switch format {
        case .plainText:
            stream = try PlainTextPageStream(source: source, options: options, sourceFile: sourceFile, warnings: warnings)
        case .epub:
            stream = try zipStream(source, fileName: fileName, options: options, warnings: warnings)
        case .fictionBook, .html, .markdown, .pdf:
            let bytes = try wholeDocument(source, limit: format == .pdf ? options.archiveLimits.maxTotalSize
                : options.archiveLimits.maxEntrySize)
            stream = try SingleDocumentImporter.open(bytes, format: format, options: options, sourceFile: sourceFile,
                warnings: warnings)
        case .wordDocument, .openDocumentText:
            throw .unsupported("internal error: \(format) is recognised only inside a zip")
        case .mobi:
            stream = try MobiPageStream(bytes: wholeDocument(source, limit: options.archiveLimits.maxEntrySize), options: options,
                sourceFile: sourceFile, warnings: warnings)
        case .xmlPropertyList, .binaryPropertyList, .jsonPropertyList:
            // A plist is its own source: its metadata stays as authored, so a
            // tutorial plist exports back unchanged.
            stream = try NarratedPlistPageStream(source: source, format: format, warnings: warnings)
        }
        return TextCheckedPageStream(stream, options: options, warnings: warnings)
    }

    /// Imports a whole book from the bytes of a file: drains the stream
    /// ``open(_:fileName:options:warnings:)`` gives.
    /// - Throws: ``ImportError`` describing what is wrong and where.
    public static func importBook(bytes: consuming [UInt8], fileName: String?, options: ImportOptions = ImportOptions())
        throws(ImportError) -> ImportResult
    {
        let collector = WarningCollector()
        let stream = try open(MemoryByteSource(bytes), fileName: fileName, options: options, warnings: collector.sink)
        let book = try drain(stream)
        return ImportResult(book: book, warnings: collector.warnings)
    }

    /// Reads a stream of this module to its end.
    public static func drain(_ stream: any PageStream) throws(ImportError) -> Book {
        do { return try Book(draining: stream) } catch let error as ImportError { throw error } catch {
            throw .unsupported("\(error)")
        }
    }

    /// The stream of a zip: an EPUB, a Word or OpenDocument text, a zipped
    /// FB2 or HTML page, as ``ZipContents`` finds; other zips are refused.
    private static func zipStream(
        _ source: some ByteSource, fileName: String?, options: ImportOptions, warnings: WarningSink
    ) throws(ImportError) -> any PageStream {
        let archive = try zipArchive(source, limits: options.archiveLimits)
        let (kind, format) = try zipKind(archive, fileName: fileName)
        let sourceFile = fileName?.split(separator: "/").last.map(String.init)
        switch kind {
        case .fictionBook(let entry), .html(let entry):
            let bytes = try PublicationOpener.read(entry, from: archive)
            return try SingleDocumentImporter.open(bytes, format: format, options: options, sourceFile: sourceFile,
                warnings: warnings, archive: archive, entry: entry)
        case .wordDocument, .openDocumentText:
            return try SingleDocumentImporter.open(archive, format: format, options: options, sourceFile: sourceFile,
                warnings: warnings)
        default:
            return try EPUBPageStream(archive: archive, options: options, sourceFile: sourceFile, warnings: warnings)
        }
    }

    /// What kind of zip `archive` is and the format it is read as.
    /// - Throws: ``ImportError/notABook(_:)`` for zips narrate does not
    ///   read, ``ImportError/mismatchedName(extension:expected:found:advice:)``
    ///   when the name promises another format.
    private static func zipKind(_ archive: some Archive, fileName: String?) throws(ImportError)
        -> (kind: ZipContents, format: InputFormat)
    {
        let kind = ZipContents.kind(of: archive)
        guard let format = kind.format else {
            if case .foreign(let foreign) = kind { throw .notABook(foreign) }
            throw .unsupported("a zip of no known kind")
        }
        if let fileName, let refusal = FileNamePromise(fileName: fileName)?.check(format, fileName: fileName,
            found: format == .epub ? "an EPUB" : format.description)
        {
            throw refusal
        }
        return (kind, format)
    }

    /// The format `source` is read as, recognised as ``open(_:fileName:options:warnings:)``
    /// recognises it (a zip is opened to tell an EPUB from a DOCX, an ODT
    /// or a zipped FB2 or HTML page), without reading the book: what
    /// `narrate info` says.
    /// - Throws: ``ImportError`` for what ``open(_:fileName:options:warnings:)`` refuses before reading.
    public static func recognise(_ source: some ByteSource, fileName: String?, options: ImportOptions = ImportOptions())
        throws(ImportError) -> InputFormat
    {
        let head = try ImportError.file { () throws(FileError) in try source.read(at: 0, count: 4096) }
        let format = try InputFormat.recognise(head, size: source.size, fileName: fileName)
        guard format == .epub else { return format }
        return try zipKind(zipArchive(source, limits: options.archiveLimits), fileName: fileName).format
    }

    /// All of a single-document input (FB2, HTML, Markdown, MOBI, PDF),
    /// refused past `limit` (the size one archive entry may have; a PDF,
    /// whose images make it large, may have the size of a whole archive).
    private static func wholeDocument(_ source: some ByteSource, limit: UInt64) throws(ImportError) -> [UInt8] {
        guard UInt64(source.size) <= limit else {
            throw .tooLarge("the document is \(size(UInt64(source.size))), more than the limit of \(size(limit))")
        }
        return try ImportError.file { () throws(FileError) in try source.read(at: 0, count: source.size) }
    }

    /// `12 MB`, or `900 bytes` below a megabyte.
    private static func size(_ bytes: UInt64) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    /// Opens a folder as a book: an exploded EPUB (it has
    /// `META-INF/container.xml`), else its HTML pages in reading order (see
    /// ``HTMLFolder``). Files are read through the same per-file limit as a
    /// zip's entries; symbolic links are not followed.
    /// - Throws: ``ImportError/notABook(_:)`` for a folder with neither, or
    ///   with more files than a book has (``HTMLFolder/maxFiles``).
    public static func openFolder(_ path: String, options: ImportOptions = ImportOptions(), warnings: WarningSink = .ignoring)
        throws(ImportError) -> any PageStream
    {
        guard HTMLFolder.hasFewFiles(path) else { throw .notABook(HTMLFolder.tooManyFiles) }
        let archive: DirectoryArchive
        do { archive = try DirectoryArchive(root: path, limits: options.archiveLimits) } catch { throw ImportError(error) }
        let sourceFile = path.split(separator: "/").last.map(String.init)
        if ZipContents.kind(of: archive) == .epub {
            return TextCheckedPageStream(try EPUBPageStream(archive: archive, options: options, sourceFile: sourceFile, warnings: warnings),
                options: options, warnings: warnings)
        }
        return TextCheckedPageStream(try HTMLFolder.open(archive, options: options, sourceFile: sourceFile, warnings: warnings),
            options: options, warnings: warnings)
    }

    /// The format a folder is read as: EPUB (exploded) or HTML pages.
    public static func recogniseFolder(_ path: String) -> InputFormat? {
        guard HTMLFolder.hasFewFiles(path), let archive = try? DirectoryArchive(root: path) else { return nil }
        return ZipContents.kind(of: archive) == .epub ? .epub : HTMLFolder.readingOrder(archive).isEmpty ? nil : .html
    }

    /// An EPUB's archive and package document, found as ``open(_:fileName:options:warnings:)``
    /// finds them (zip limits, encryption check, the container's rootfile
    /// or the one `.opf`): for writers that edit the book itself (the
    /// read-along writer). Nil when the source is not an EPUB.
    /// - Throws: ``ImportError`` as opening the book would.
    public static func openEPUB(_ source: some ByteSource, options: ImportOptions) throws(ImportError)
        -> (archive: any Archive, packagePath: String)?
    {
        let head = try ImportError.file { () throws(FileError) in try source.read(at: 0, count: 4096) }
        guard case .epub = try InputFormat.recognise(head, size: source.size, fileName: nil) else { return nil }
        let archive = try zipArchive(source, limits: options.archiveLimits)
        guard ZipContents.kind(of: archive) == .epub else { return nil }
        let (packagePath, _) = try PackageLocator.locate(in: archive)
        return (archive, packagePath)
    }

    /// The zip in `source`: read from its file when it is one, so that
    /// large archives (images) are not held in memory.
    private static func zipArchive(_ source: some ByteSource, limits: ArchiveLimits) throws(ImportError) -> ZipArchive {
        let file = (source as? FileByteSource).flatMap { $0.size > 0 ? $0 : nil }
        let bytes = file == nil ? try ImportError.file { () throws(FileError) in try source.read(at: 0, count: source.size) } : []
        do throws(ArchiveError) {
            if let file { return try ZipArchive(file: file, limits: limits) }
            return try ZipArchive(bytes: bytes, limits: limits)
        } catch {
            throw ImportError(error)
        }
    }
}

/// A format's stream as ``BookImporter`` hands it out: the one place that
/// says a book has no text, once, at its end.
final class TextCheckedPageStream: PageStream {
    private let stream: any PageStream
    private let warnings: WarningSink
    private let requiresText: Bool
    private var hasText = false
    private var isFinished = false

    init(_ stream: any PageStream, options: ImportOptions, warnings: WarningSink) {
        self.stream = stream
        self.warnings = warnings
        requiresText = options.requiresText
    }

    var metadata: BookMetadata { stream.metadata }
    var extraKeys: PropertyListDictionary { stream.extraKeys }
    var pageCount: Int? { stream.pageCount }
    var fractionRead: Double { stream.fractionRead }
    func resource(at path: String) throws -> [UInt8]? { try stream.resource(at: path) }

    func nextPart() throws -> PagePart? {
        guard !isFinished else { return nil }
        guard let part = try stream.nextPart() else {
            isFinished = true
            if !hasText {
                if requiresText { throw ImportError.noText }
                warnings.warn(ImportError.noTextMessage)
            }
            return nil
        }
        hasText = hasText || part.page.utterances.contains { !$0.text.isEmpty }
        return part
    }
}
