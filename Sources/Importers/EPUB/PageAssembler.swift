import BookModel

/// Turns spine items into pages: reads each content document once, cuts it
/// at its table-of-contents entries and runs the blocks through the
/// ``UtteranceBuilder``.
struct PageAssembler {
    let package: PackageDocument
    let options: ImportOptions
    private let entriesByPath: [String: [TableOfContents.Entry]]
    private let builder: UtteranceBuilder
    private var seen: Set<String> = []
    /// Content documents read so far, not yet parsed: parsing and
    /// segmentation run for all of them at once, on every core, in
    /// ``makePages(from:)``.
    private var documents: [(path: String, bytes: [UInt8])] = []
    /// Pages parsed and cut into sections, still as blocks.
    private var drafts: [(title: String?, backgroundImage: String?, blocks: [TextBlock])] = []
    private(set) var warnings: [Warning] = []

    init(package: PackageDocument, toc: TableOfContents, options: ImportOptions) {
        self.package = package
        self.options = options
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
            warnings.append(Warning("skipped spine item of type \(item.mediaType), which has no text", at: item.path))
            return
        }
        guard archive.contains(item.path) else {
            warnings.append(Warning("spine item is missing from the archive", at: item.path))
            return
        }
        documents.append((item.path, try EPUBImporter.read(item.path, from: archive)))
    }

    /// The pages of every document added, in spine order; sections with
    /// nothing to say are left out.
    /// - Throws: the first document (in spine order) that cannot be parsed.
    mutating func makePages(from archive: some Archive) throws(ImportError) -> [Page] {
        let (language, altText) = (package.metadata.language, options.speakAltText)
        let parsed = documents.concurrentMap { document in
            Result { () throws(XMLError) in
                try ChapterContent(bytes: document.bytes, path: document.path, bookLanguage: language, speakAltText: altText)
            }
        }
        for (document, result) in zip(documents, parsed) {
            var content = try chapter(result, path: document.path)
            content.images.removeAll { !archive.contains($0.path) }
            appendPages(of: content, path: document.path)
        }
        documents = []
        return segmentedPages()
    }

    private mutating func chapter(_ result: Result<ChapterContent, XMLError>, path: String) throws(ImportError)
        -> ChapterContent
    {
        switch result {
        case .success(let content):
            if let error = content.recoveredError {
                warnings.append(Warning("not well-formed XHTML (\(error.message)); read with the HTML parser",
                    at: "\(path):\(error.line ?? 0)"))
            }
            return content
        case .failure(let error):
            throw .malformed(format: "XHTML", location: "\(path):\(error.line ?? 0)", message: error.message)
        }
    }

    private mutating func appendPages(of content: ChapterContent, path: String) {
        var unresolved: [String] = []
        let sections = ChapterSections.split(content, entries: entriesByPath[path] ?? [], unresolved: &unresolved)
        for fragment in unresolved {
            warnings.append(Warning("table of contents points at #\(fragment), which is not in the document", at: path))
        }
        for section in sections {
            drafts.append((section.title, section.backgroundImage, Array(content.blocks[section.blocks])))
        }
    }

    private func segmentedPages() -> [Page] {
        let utterances = builder.utterances(forPages: drafts.map(\.blocks))
        return zip(drafts, utterances).compactMap { draft, utterances in
            utterances.isEmpty
                ? nil : Page(title: draft.title, backgroundImage: draft.backgroundImage, utterances: utterances)
        }
    }

    private static func isContentDocument(_ item: PackageDocument.Item) -> Bool {
        let type = item.mediaType.lowercased()
        if type == "application/xhtml+xml" || type == "text/html" { return true }
        let lower = item.path.lowercased()
        return type.isEmpty && (lower.hasSuffix(".xhtml") || lower.hasSuffix(".html") || lower.hasSuffix(".htm"))
    }
}
