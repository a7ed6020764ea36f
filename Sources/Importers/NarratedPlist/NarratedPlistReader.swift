import BookModel

/// Reads a narrated-book plist (the tutorial's format) into a ``Book``.
public enum NarratedPlistReader {
    public static func read(bytes: [UInt8], format: InputFormat) throws(ImportError) -> ImportResult {
        throw .unsupported("plist import is being written")
    }
}
