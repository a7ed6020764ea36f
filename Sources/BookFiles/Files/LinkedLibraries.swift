/// The C libraries the book files are read with, as loaded at run time.
public enum LinkedLibraries {
    /// Name and version of each: `("libxml2", "2.9.14")`, `("libzip", "1.7.3")`, `("poppler", "22.12.0")`, `("libmobi", "0.11")`.
    public static var versions: [(name: String, version: String)] {
        [
            ("libxml2", XMLDocument.libraryVersion), ("libzip", ZipArchive.libraryVersion),
            ("poppler", PDFDocument.libraryVersion), ("libmobi", MobiContainer.libraryVersion),
        ]
    }
}
