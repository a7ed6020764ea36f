/// The C libraries the importers are linked with, as loaded at run time.
public enum ImporterLibraries {
    /// Name and version of each: `("libxml2", "2.9.14")`, `("libzip", "1.7.3")`.
    public static var versions: [(name: String, version: String)] {
        [("libxml2", XMLDocument.libraryVersion), ("libzip", ZipArchive.libraryVersion)]
    }
}
