import BookFiles
import BookModel

/// Opens an EPUB 2 or 3 publication for ``EPUBPageStream``: locates and
/// reads the package document, checks for encryption, and chooses the table
/// of contents that titles the pages.
enum PublicationOpener {
    /// Reads what comes before the content documents: the package, the
    /// table of contents; checks for encryption.
    /// - Throws: ``ImportError`` for a book without a readable package
    ///   document, and for encrypted (DRM) books.
    static func open(_ archive: some Archive, options: ImportOptions, warnings: WarningSink) throws(ImportError)
        -> (package: PackageDocument, assembler: PageAssembler)
    {
        var found: [Warning] = []
        let (packagePath, locatorWarning) = try PackageLocator.locate(in: archive)
        if let locatorWarning { found.append(locatorWarning) }
        var package = try PackageDocument(bytes: read(packagePath, from: archive), path: packagePath)
        if let language = options.language { package.metadata.language = language }
        found += package.warnings
        try EncryptionCheck.check(archive, contentPaths: Set(package.spine.map(\.item.path) + [packagePath]))
        let toc = tableOfContents(package, archive: archive, warnings: &found)
        let lexicons = BookLexicons(package: package, archive: archive, warnings: &found)
        for warning in found { warnings.warn(warning) }
        return (package, PageAssembler(package: package, toc: toc, lexicons: lexicons, options: options, warnings: warnings))
    }

    static func read(_ path: String, from archive: some Archive) throws(ImportError) -> [UInt8] {
        do { return try archive.read(path) } catch { throw ImportError(error) }
    }

    /// The nav document's table, else the NCX's: the first whose entries
    /// mostly point at documents in the archive (some converters write nav
    /// hrefs relative to the wrong folder). Empty with a warning when none is usable.
    private static func tableOfContents(
        _ package: PackageDocument, archive: some Archive, warnings: inout [Warning]
    ) -> TableOfContents {
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
        let linear = package.spine.filter(\.isLinear).map(\.item.path)
        let spine = package.spine.map(\.item.path)
        let repairs = candidates.indices.map {
            candidates[$0].repairMissingTargets(in: archive, linearSpine: linear, spine: spine)
        }
        let resolved = candidates.map { toc in toc.entries.filter { archive.contains($0.target.path) }.count }
        let usable = candidates.indices.first { resolved[$0] > 0 && resolved[$0] * 2 >= candidates[$0].entries.count }
            ?? resolved.indices.max { resolved[$0] < resolved[$1] }.flatMap { resolved[$0] > 0 ? $0 : nil }
        if let usable {
            if usable > 0, let path = package.navigationPath, archive.contains(path) {
                warnings.append(Warning("most links of the navigation document point at missing files; using the NCX",
                    at: path))
            }
            if repairs[usable] > 0 {
                warnings.append(Warning("\(linksPoint(repairs[usable])) at missing files; "
                    + "matched them to documents of the same name"))
            }
            let missing = candidates[usable].entries.filter { !archive.contains($0.target.path) }
            if let first = missing.first {
                warnings.append(Warning("\(linksPoint(missing.count)) at missing files "
                    + "(the first: \(first.target.path)); those chapters are titled from their headings"))
            }
            return candidates[usable]
        }
        warnings.append(Warning("the book has no usable table of contents; page titles come from headings"))
        return TableOfContents()
    }

    /// `1 table-of-contents link points`, `3 table-of-contents links point`.
    private static func linksPoint(_ count: Int) -> String {
        count == 1 ? "1 table-of-contents link points" : "\(count) table-of-contents links point"
    }
}
