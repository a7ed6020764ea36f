import BookModel

/// An EPUB read page by page: the same pages, metadata and warnings as
/// ``EPUBImporter``, reading and parsing its content documents a few at a
/// time (one per core) as pages are asked for.
public final class EPUBPageStream: PageStream {
    /// Content documents parsed together, each on its own core.
    static let window = 4

    public let metadata: BookMetadata
    private let archive: any Archive
    private let spine: [PackageDocument.SpineItem]
    private var assembler: PageAssembler
    private var nextItem = 0
    private var ready: [Page] = []
    private var warnings: [Warning]
    private var pageCount = 0

    /// Reads the package and the table of contents of the publication in
    /// `archive`.
    /// - Throws: ``ImportError`` as ``EPUBImporter`` does.
    /// - Parameter sourceFile: the file's name, for ``BookMetadata/sourceFile``
    ///   when the package does not give one.
    public init(archive: some Archive, options: ImportOptions = ImportOptions(), sourceFile: String? = nil)
        throws(ImportError)
    {
        let (package, assembler, warnings) = try EPUBImporter.open(archive, options: options)
        self.archive = archive
        var metadata = package.metadata
        metadata.sourceFile = metadata.sourceFile ?? sourceFile
        self.metadata = metadata
        spine = package.spine
        self.assembler = assembler
        self.warnings = warnings
        if let zip = archive as? ZipArchive, let warning = EPUBImporter.refusedNamesWarning(zip) {
            self.warnings.insert(warning, at: 0)
        }
    }

    /// The share of spine items read.
    public var fractionRead: Double { spine.isEmpty ? 1 : Double(nextItem) / Double(spine.count) }

    public func nextPage() throws -> Page? {
        while ready.isEmpty, nextItem < spine.count {
            try readWindow()
        }
        guard !ready.isEmpty else {
            if pageCount == 0 { warnings.append(Warning("the book has no readable text")) }
            pageCount = max(pageCount, 1)  // warn once
            return nil
        }
        pageCount += 1
        return ready.removeFirst()
    }

    public func takeWarnings() -> [Warning] {
        defer { warnings = [] }
        return warnings
    }

    /// Adds spine items until a window of documents is waiting, then makes
    /// their pages.
    private func readWindow() throws(ImportError) {
        while nextItem < spine.count, assembler.pendingCount < Self.window {
            try assembler.add(spine[nextItem], from: archive)
            nextItem += 1
        }
        ready += try assembler.makePages(from: archive)
        warnings += assembler.takeWarnings()
    }
}
