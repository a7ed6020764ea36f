import BookModel

/// The single entry point for importing: recognises the input's format from
/// its bytes and hands them to the right importer.
public enum BookImporter {
    /// Imports a book from the bytes of a file.
    /// - Parameters:
    ///   - bytes: the whole input.
    ///   - fileName: the name the user gave, used for the book's source and to
    ///     break ties when sniffing; nil for standard input.
    ///   - options: granularity, prosody and EPUB choices.
    /// - Throws: ``ImportError`` describing what is wrong and where.
    public static func importBook(bytes: consuming [UInt8], fileName: String?, options: ImportOptions = ImportOptions())
        throws(ImportError) -> ImportResult
    {
        let format = InputFormat.sniff(bytes, fileName: fileName)
        var result: ImportResult
        switch format {
        case .xmlPropertyList, .binaryPropertyList, .jsonPropertyList:
            result = try NarratedPlistReader.read(bytes: consume bytes, format: format)
        case .epub:
            result = try EPUBImporter.importBook(bytes: bytes, options: options)
        case .plainText:
            result = PlainTextImporter.importBook(bytes: bytes, options: options)
        }
        // A plist is its own source: its metadata stays as authored, so a
        // tutorial plist exports back unchanged.
        let isPlist = [.xmlPropertyList, .binaryPropertyList, .jsonPropertyList].contains(format)
        if !isPlist, result.book.metadata.sourceFile == nil, let fileName {
            result.book.metadata.sourceFile = sourceFileName(fileName)
        }
        return result
    }
}

extension BookImporter {
    /// Opens a book to be read page by page (see ``PageStream``): plain text,
    /// EPUB and XML or binary plist files are read as their pages are asked
    /// for, so memory does not grow with the book's length; JSON plists (and
    /// UTF-16 XML ones, and plists in memory) are imported whole.
    /// The pages, metadata and warnings are those of ``importBook(bytes:fileName:options:)``.
    /// - Parameters:
    ///   - source: the input, read piece by piece.
    ///   - fileName: as for ``importBook(bytes:fileName:options:)``.
    /// - Throws: ``ImportError`` for what is wrong before the first page
    ///   (later problems are thrown by ``PageStream/nextPage()``).
    public static func pageStream(source: some ByteSource, fileName: String?, options: ImportOptions = ImportOptions())
        throws(ImportError) -> any PageStream
    {
        let format = InputFormat.sniff(try source.read(at: 0, count: 512), fileName: fileName)
        switch format {
        case .plainText:
            return try PlainTextPageStream(source: source, options: options, sourceFile: sourceFileName(fileName))
        case .epub:
            return try EPUBPageStream(archive: zipArchive(source), options: options, sourceFile: sourceFileName(fileName))
        case .xmlPropertyList, .binaryPropertyList:
            if let file = source as? FileByteSource, let stream = try NarratedPlistPageStream(file: file, format: format) {
                return stream
            }
            fallthrough
        case .jsonPropertyList:
            let result = try importBook(bytes: try source.read(at: 0, count: source.size), fileName: fileName, options: options)
            return BookPageStream(result.book, warnings: result.warnings)
        }
    }

    /// The zip in `source`: read from its file when it is one, so that
    /// large archives (images) are not held in memory.
    private static func zipArchive(_ source: some ByteSource) throws(ImportError) -> ZipArchive {
        let file = (source as? FileByteSource).flatMap { $0.size > 0 ? $0.path : nil }
        let bytes = file == nil ? try source.read(at: 0, count: source.size) : []
        do throws(ArchiveError) {
            if let file { return try ZipArchive(path: file) }
            return try ZipArchive(bytes: bytes)
        } catch {
            throw ImportError(error)
        }
    }

    /// The last component of the name the user gave.
    static func sourceFileName(_ fileName: String?) -> String? {
        fileName?.split(separator: "/").last.map(String.init)
    }
}
