import BookFiles
import BookModel

/// An EPUB 2 or 3 publication read page by page: one page per chapter (a
/// spine item, or a section of one where table-of-contents entries point
/// inside it), in spine order, titled from the table of contents. Content
/// documents are read and parsed a few at a time (one per core) as pages are
/// asked for.
public final class EPUBPageStream: PageStream {
    /// Content documents parsed together, spread over every core: enough of
    /// them that one long chapter does not leave the other cores waiting
    /// (16 against 4 took a sixth off the import of a 61-chapter novel), and
    /// no more than about a megabyte of XHTML, so that memory stays flat
    /// whatever the book's length.
    static let window = (documents: 16, bytes: 1 << 20)

    public let metadata: BookMetadata
    private let archive: any Archive
    private let spine: [PackageDocument.SpineItem]
    private var assembler: PageAssembler
    private let imageFolder: String?
    private var extractedImages: Set<String> = []
    private var nextItem = 0
    private var ready: [Page] = []

    /// Reads the package and the table of contents of the publication in
    /// `archive`.
    /// - Parameters:
    ///   - sourceFile: the file's name, for ``BookMetadata/sourceFile`` when
    ///     the package does not give one.
    ///   - warnings: where problems that do not stop the reading go.
    /// - Throws: ``ImportError`` for input that is not an EPUB, encrypted
    ///   (DRM) books and damaged package documents.
    public init(
        archive: some Archive, options: ImportOptions = ImportOptions(), sourceFile: String? = nil,
        warnings: WarningSink = .ignoring
    ) throws(ImportError) {
        if let zip = archive as? ZipArchive, let warning = Self.refusedNamesWarning(zip) { warnings.warn(warning) }
        let (package, assembler) = try PublicationOpener.open(archive, options: options, warnings: warnings)
        self.archive = archive
        var metadata = package.metadata
        metadata.sourceFile = metadata.sourceFile ?? sourceFile
        self.metadata = metadata
        spine = package.spine
        self.assembler = assembler
        imageFolder = options.extractImagesTo
    }

    /// An entry of the archive; nil when there is none at `path`.
    /// - Throws: ``ImportError`` when the entry is there but cannot be read.
    public func resource(at path: String) throws(ImportError) -> [UInt8]? {
        guard archive.contains(path) else { return nil }
        return try PublicationOpener.read(path, from: archive)
    }

    /// The share of spine items read.
    public var fractionRead: Double { spine.isEmpty ? 1 : Double(nextItem) / Double(spine.count) }

    public func nextPart() throws(ImportError) -> PagePart? {
        while ready.isEmpty, nextItem < spine.count {
            try readWindow()
        }
        guard !ready.isEmpty else { return nil }
        return PagePart(page: ready.removeFirst())
    }

    /// Adds spine items until a window of documents is waiting, then makes
    /// their pages (and writes their images, with `--extract-images`).
    private func readWindow() throws(ImportError) {
        while nextItem < spine.count, assembler.pendingCount < Self.window.documents,
              assembler.pendingBytes < Self.window.bytes
        {
            try assembler.add(spine[nextItem], from: archive)
            nextItem += 1
        }
        let pages = try assembler.makePages(from: archive)
        if let imageFolder {
            let images = Set(pages.compactMap(\.backgroundImage)).subtracting(extractedImages)
            try ImageExtractor.extract(Array(images), from: archive, into: imageFolder)
            extractedImages.formUnion(images)
        }
        ready += pages
    }

    /// The warning for entries whose names leave the archive, if any.
    static func refusedNamesWarning(_ archive: ZipArchive) -> Warning? {
        guard !archive.refusedNames.isEmpty else { return nil }
        let names = archive.refusedNames.prefix(3).joined(separator: ", ")
        return Warning("ignored \(archive.refusedNames.count) entries whose names leave the archive (\(names))")
    }
}
