import BookFiles
import BookModel

/// A zip of one HTML page and its files: calibre's HTMLZ (`index.html`,
/// `metadata.opf`, `cover.jpg`, `images/`), or any zip whose only page is
/// at the top. The OPF's metadata wins over the page's head; the cover is
/// the OPF's, else an entry named `cover.*`.
enum ZippedHTML {
    /// The page at `entry` of `archive`, with its images and cover read from the zip.
    /// - Throws: ``ImportError`` when the page cannot be read or parsed.
    static func open(_ archive: some Archive, entry: String, options: ImportOptions, sourceFile: String?,
        warnings: WarningSink) throws(ImportError) -> SectionedPageStream
    {
        var page = try HTMLPage(bytes: PublicationOpener.read(entry, from: archive), path: entry, options: options)
        for warning in page.warnings { warnings.warn(warning) }
        if archive.contains("metadata.opf"), let package = PackageDocument.metadata(bytes: try PublicationOpener.read("metadata.opf", from: archive)) {
            page.metadata = merged(package, over: page.metadata)
            if let language = options.language { page.metadata.language = language }
        }
        page.metadata.coverImage = page.metadata.coverImage.flatMap { archive.contains($0) ? $0 : nil }
            ?? archive.entryPaths.first(where: isCoverImage)
        var resources: [String: [UInt8]] = [:]
        for path in Set(page.imagePaths + [page.metadata.coverImage].compactMap { $0 }) where archive.contains(path) {
            resources[path] = try PublicationOpener.read(path, from: archive)
        }
        return page.pageStream(options: options, sourceFile: sourceFile, resources: resources)
    }

    /// The package's facts, the page's where the package is silent.
    private static func merged(_ package: BookMetadata, over page: BookMetadata) -> BookMetadata {
        var metadata = package
        metadata.title = package.title ?? page.title
        if metadata.authors.isEmpty { metadata.authors = page.authors }
        metadata.language = package.language ?? page.language
        metadata.date = package.date ?? page.date
        metadata.summary = package.summary ?? page.summary
        metadata.identifier = package.identifier ?? page.identifier
        metadata.publisher = package.publisher ?? page.publisher
        return metadata
    }

    private static func isCoverImage(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasPrefix("cover.") && [".jpg", ".jpeg", ".png", ".gif", ".webp"].contains { lower.hasSuffix($0) }
    }
}
