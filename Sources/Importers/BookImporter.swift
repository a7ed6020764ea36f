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
            result.book.metadata.sourceFile = fileName.split(separator: "/").last.map(String.init)
        }
        return result
    }
}
