import BookFiles
import BookModel
import TextPrimitives

/// Turns spine items into pages: reads each content document once, cuts it
/// at its table-of-contents entries and runs the blocks through the
/// ``UtteranceBuilder``.
struct PageAssembler {
    let package: PackageDocument
    let options: ImportOptions
    private let entriesByPath: [String: [TableOfContents.Entry]]
    private let builder: UtteranceBuilder
    private let lexicons: BookLexicons
    private var seen: Set<String> = []
    /// Content documents read so far, not yet parsed: parsing and
    /// segmentation run for all of them at once, on every core, in
    /// ``makePages(from:)``.
    private var documents: [(path: String, bytes: [UInt8])] = []
    private let warnings: WarningSink
    /// Content documents added and not yet made into pages.
    var pendingCount: Int { documents.count }
    /// Their size in bytes.
    private(set) var pendingBytes = 0

    init(
        package: PackageDocument, toc: TableOfContents, lexicons: BookLexicons = BookLexicons(), options: ImportOptions,
        warnings: WarningSink
    ) {
        self.package = package
        self.lexicons = lexicons
        self.options = options
        self.warnings = warnings
        entriesByPath = Dictionary(grouping: toc.entries, by: \.target.path)
        builder = UtteranceBuilder(options: options, language: package.metadata.language)
    }

    /// Adds the pages of one spine item, unless it is non-linear (and those
    /// are not wanted), not a content document, or already read.
    mutating func add(_ spineItem: PackageDocument.SpineItem, from archive: some Archive) throws(ImportError) {
        let item = spineItem.item
        guard spineItem.isLinear || options.includeNonlinear, !seen.contains(item.path) else { return }
        seen.insert(item.path)
        guard Self.isContentDocument(item) else {
            warnings.warn("skipped spine item of type \(item.mediaType), which has no text", at: item.path)
            return
        }
        guard archive.contains(item.path) else {
            warnings.warn("spine item is missing from the archive", at: item.path)
            return
        }
        let bytes = try PublicationOpener.read(item.path, from: archive)
        documents.append((item.path, bytes))
        pendingBytes += bytes.count
    }

    /// The pages of every document added since the last call, in spine order; sections with
    /// nothing to say are left out. Each document is parsed, cut into
    /// sections and segmented on its own core, the longest first (so that a
    /// long chapter is not the last one left while the other cores wait).
    /// - Throws: the first document (in spine order) that cannot be parsed.
    mutating func makePages(from archive: some Archive) throws(ImportError) -> [Page] {
        let chapters = documents.concurrentMap(largestFirst: { $0.bytes.count }) { document in
            Result { () throws(ImportError) in try self.pages(of: document, archive: archive) }
        }
        documents = []
        pendingBytes = 0
        var pages: [Page] = []
        for chapter in chapters {
            let (chapterPages, chapterWarnings) = try chapter.get()
            pages += chapterPages
            for warning in chapterWarnings { warnings.warn(warning) }
        }
        return pages
    }

    /// One content document's pages and the warnings met on the way.
    private func pages(of document: (path: String, bytes: [UInt8]), archive: some Archive) throws(ImportError)
        -> (pages: [Page], warnings: [Warning])
    {
        var content: ChapterContent
        do {
            content = try ChapterContent(bytes: document.bytes, path: document.path,
                bookLanguage: package.metadata.language, speakAltText: options.speakAltText,
                readsNotes: options.readsNotes, readsContents: options.readsContents)
        } catch {
            throw .malformed(format: "XHTML", location: "\(document.path):\(error.line ?? 0)", message: error.message)
        }
        var warnings: [Warning] = []
        if content.isMostlyLinks, !options.readsContents { return ([], warnings) }
        if let error = content.recoveredError {
            warnings.append(Warning("not well-formed XHTML (\(error.message)); read with the HTML parser",
                at: "\(document.path):\(error.line ?? 0)"))
        }
        if let truncation = content.truncation {
            warnings.append(Warning(truncation.message, at: "\(document.path):\(truncation.line ?? 0)"))
        }
        content.images.removeAll { !archive.contains($0.path) }
        var unresolved: [String] = []
        let sections = ChapterSections.split(
            content, entries: entriesByPath[document.path] ?? [], unresolved: &unresolved)
        for fragment in unresolved {
            warnings.append(
                Warning("table of contents points at #\(fragment), which is not in the document", at: document.path))
        }
        var utterances = builder.utterances(forPages: sections.map { Array(content.blocks[$0.blocks]) })
        pronounce(&utterances, content: content, path: document.path, warnings: &warnings)
        let pages = zip(sections, utterances).compactMap { section, utterances in
            utterances.isEmpty
                ? nil : Page(title: section.title, backgroundImage: section.backgroundImage, utterances: utterances)
        }
        return (pages, warnings)
    }

    /// Applies the document's lexicons and reports what its markup asked
    /// for and narrate cannot do.
    private func pronounce(
        _ pages: inout [[Utterance]], content: ChapterContent, path: String, warnings: inout [Warning]
    ) {
        for (name, line) in content.unknownAlphabets.prefix(1) {
            warnings.append(Warning("ssml:alphabet \"\(name)\" is not ipa or x-sampa; its ssml:ph is not used",
                at: "\(path):\(line)"))
        }
        guard !lexicons.isEmpty || !content.lexiconLinks.isEmpty else { return }
        let set = lexicons.lexicons(for: content.lexiconLinks, document: path, warnings: &warnings)
        for index in pages.indices { set.apply(to: &pages[index], bookLanguage: package.metadata.language) }
    }

    private static func isContentDocument(_ item: PackageDocument.Item) -> Bool {
        let type = item.mediaType
        if type.equalsIgnoringASCIICase("application/xhtml+xml") || type.equalsIgnoringASCIICase("text/html") { return true }
        let path = item.path
        return type.isEmpty
            && (path.hasSuffixIgnoringASCIICase(".xhtml") || path.hasSuffixIgnoringASCIICase(".html")
                || path.hasSuffixIgnoringASCIICase(".htm"))
    }
}
