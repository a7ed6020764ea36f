import BookModel

/// Reads an EPUB 2 or 3 publication into a ``Book``: one page per chapter
/// (a spine item, or a section of one where table-of-contents entries point
/// inside it), in spine order, titled from the table of contents.
public enum EPUBImporter {
    /// Imports the EPUB whose zip bytes are `bytes`.
    /// - Throws: ``ImportError`` for input that is not a zip or not an EPUB,
    ///   zip bombs, encrypted (DRM) books and damaged entries.
    public static func importBook(bytes: [UInt8], options: ImportOptions = ImportOptions(),
        limits: ArchiveLimits = ArchiveLimits()) throws(ImportError) -> ImportResult
    {
        let archive: ZipArchive
        do { archive = try ZipArchive(bytes: bytes, limits: limits) } catch { throw ImportError(error) }
        var result = try importBook(from: archive, options: options)
        if let warning = refusedNamesWarning(archive) { result.warnings.insert(warning, at: 0) }
        return result
    }

    /// Imports a publication from any container: a zip, a folder, entries in memory.
    public static func importBook(from archive: some Archive, options: ImportOptions = ImportOptions())
        throws(ImportError) -> ImportResult
    {
        var (package, assembler, warnings) = try open(archive, options: options)
        for spineItem in package.spine {
            try assembler.add(spineItem, from: archive)
        }
        let pages = try assembler.makePages(from: archive)
        warnings += assembler.takeWarnings()
        if pages.isEmpty { warnings.append(Warning("the book has no readable text")) }
        let book = Book(metadata: package.metadata, pages: pages)
        if let directory = options.extractImagesTo {
            try ImageExtractor.extract(book.pages.compactMap(\.backgroundImage), from: archive, into: directory)
        }
        return ImportResult(book: book, warnings: warnings)
    }

    /// Reads what comes before the content documents: the package, the
    /// table of contents; checks for encryption.
    static func open(_ archive: some Archive, options: ImportOptions) throws(ImportError)
        -> (package: PackageDocument, assembler: PageAssembler, warnings: [Warning])
    {
        var warnings: [Warning] = []
        let (packagePath, locatorWarning) = try PackageLocator.locate(in: archive)
        if let locatorWarning { warnings.append(locatorWarning) }
        let package = try PackageDocument(bytes: read(packagePath, from: archive), path: packagePath)
        warnings += package.warnings
        try EncryptionCheck.check(archive, contentPaths: Set(package.spine.map(\.item.path) + [packagePath]))
        let toc = tableOfContents(package, archive: archive, warnings: &warnings)
        return (package, PageAssembler(package: package, toc: toc, options: options), warnings)
    }

    /// The warning for entries whose names leave the archive, if any.
    static func refusedNamesWarning(_ archive: ZipArchive) -> Warning? {
        guard !archive.refusedNames.isEmpty else { return nil }
        let names = archive.refusedNames.prefix(3).joined(separator: ", ")
        return Warning("ignored \(archive.refusedNames.count) entries whose names leave the archive (\(names))")
    }

    static func read(_ path: String, from archive: some Archive) throws(ImportError) -> [UInt8] {
        do { return try archive.read(path) } catch { throw ImportError(error) }
    }

    /// The nav document's table, else the NCX's: the first whose entries
    /// mostly point at documents in the archive (some converters write nav
    /// hrefs relative to the wrong folder). Empty with a warning when none is usable.
    private static func tableOfContents(_ package: PackageDocument, archive: some Archive, warnings: inout [Warning])
        -> TableOfContents
    {
        var candidates: [TableOfContents] = []
        if let path = package.navigationPath, archive.contains(path) {
            do { candidates.append(try TableOfContents(navigation: read(path, from: archive), path: path)) } catch {
                warnings.append(Warning("cannot read the navigation document: \(error)", at: path))
            }
        }
        if let path = package.ncxPath, archive.contains(path) {
            do { candidates.append(try TableOfContents(ncx: read(path, from: archive), path: path)) } catch {
                warnings.append(Warning("cannot read the NCX: \(error)", at: path))
            }
        }
        let repairs = candidates.indices.map { candidates[$0].repairMissingTargets(in: archive) }
        let resolved = candidates.map { toc in toc.entries.filter { archive.contains($0.target.path) }.count }
        let usable = candidates.indices.first { resolved[$0] > 0 && resolved[$0] * 2 >= candidates[$0].entries.count }
            ?? resolved.indices.max { resolved[$0] < resolved[$1] }.flatMap { resolved[$0] > 0 ? $0 : nil }
        if let usable {
            if usable > 0, let path = package.navigationPath, archive.contains(path) {
                warnings.append(Warning("most links of the navigation document point at missing files; using the NCX",
                    at: path))
            }
            if repairs[usable] > 0 {
                warnings.append(Warning("\(repairs[usable]) table-of-contents links point at missing files; "
                    + "matched them to documents of the same name"))
            }
            return candidates[usable]
        }
        warnings.append(Warning("the book has no usable table of contents; page titles come from headings"))
        return TableOfContents()
    }
}
