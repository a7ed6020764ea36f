import BookFiles
import BookModel

/// A MOBI, AZW3 or PRC book read page by page: libmobi rebuilds it as the
/// files of a publication (``MobiContainer``), and the EPUB reader reads
/// those — chapters from the book's NCX (KF8 parts, or anchors inside old
/// MOBI's one document), text by the EPUB content rules, the cover the
/// EXTH names — so a Kindle book reads like the EPUB it was made from.
final class MobiPageStream: PageStream {
    let metadata: BookMetadata
    private let publication: EPUBPageStream

    /// Opens a whole book file.
    /// - Throws: ``ImportError`` for a file that is not a readable book, a
    ///   DRM-protected one, one past the size limits.
    init(bytes: [UInt8], options: ImportOptions, sourceFile: String?, warnings: WarningSink) throws(ImportError) {
        let container: MobiContainer
        do { container = try MobiContainer(bytes: bytes, limits: options.archiveLimits) } catch {
            throw ImportError(error)
        }
        if container.tableOfContentsIsDamaged {
            warnings.warn("the book's table of contents (NCX) is damaged and was left out: chapters are found in the text")
        }
        publication = try EPUBPageStream(archive: Self.files(of: container, options: options), options: options,
            sourceFile: sourceFile,
            warnings: Self.markupWarningsDropped(warnings))
        var metadata = MobiMetadata.merged(container, over: publication.metadata)
        if let language = options.language { metadata.language = language }
        self.metadata = metadata
    }

    var fractionRead: Double { publication.fractionRead }

    func resource(at path: String) throws -> [UInt8]? { try publication.resource(at: path) }

    func nextPart() throws -> PagePart? { try publication.nextPart() }

    /// The rebuilt files, with the table of contents appended to an old
    /// MOBI's one document cut out unless `--contents` asks for it.
    private static func files(of container: MobiContainer, options: ImportOptions) -> MemoryArchive {
        let files = container.files
        guard !container.isKF8, !options.readsContents, let path = files.entryPaths.first(where: { $0.hasPrefix("part") }),
            let markup = try? files.read(path), let cut = MobiContentsCut.cut(markup)
        else { return files }
        return MemoryArchive(files.entryPaths.map { ($0, $0 == path ? cut : (try? files.read($0)) ?? []) })
    }

    /// Old MOBI markup is HTML, never well-formed XHTML (`<mbp:pagebreak/>`,
    /// `<font>`): that it is read with the HTML parser is expected, not news.
    private static func markupWarningsDropped(_ warnings: WarningSink) -> WarningSink {
        WarningSink { warning in
            guard !warning.message.hasPrefix("not well-formed XHTML") else { return }
            warnings.warn(warning)
        }
    }
}
