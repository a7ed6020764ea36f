import BookModel

/// Reads a narrated-book plist — the format of the iOS tutorial, a root
/// dictionary whose `bookPages` array holds pages of utterances — into a
/// ``Book``. XML, binary and JSON forms are accepted.
///
/// Wrong structure or types are errors naming the key path
/// (`bookPages[1].utterances[3].utteranceProperties.rate: expected a number,
/// found string "fast"`). Values outside AVSpeech's ranges are kept as
/// authored and reported as one warning per property.
public enum NarratedPlistReader {
    /// Parses and reads a plist; `bytes` are released once parsed.
    public static func read(bytes: consuming [UInt8], format: InputFormat) throws(ImportError) -> ImportResult {
        let root: PropertyListValue
        switch format {
        case .binaryPropertyList: root = try BinaryPropertyListReader.parse(bytes)
        case .jsonPropertyList: root = try JSONPropertyListParser.parse(bytes)
        default: root = try XMLPropertyListParser.parse(consume bytes)
        }
        return try read(root: root)
    }

    /// Maps a parsed plist onto a book, releasing the tree as it goes.
    public static func read(root: consuming PropertyListValue) throws(ImportError) -> ImportResult {
        var decoder = NarratedPlistDecoder()
        let book = try decoder.book(from: consume root)
        return ImportResult(book: book, warnings: decoder.warnings())
    }
}
