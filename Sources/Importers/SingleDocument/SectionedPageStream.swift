import BookModel
import TextPrimitives

/// The page stream of a format read whole before its first page (FB2,
/// HTML, DOCX, ODT are single documents): the sections are known at once,
/// and each is cut into utterances only when its page is asked for, a few
/// at a time on every core.
final class SectionedPageStream: PageStream {
    /// Sections cut into utterances together, each on its own core.
    static let window = 4

    let metadata: BookMetadata
    private var sections: [DocumentSection]
    private var resources: [String: [UInt8]]
    /// Files made only when asked for (a PDF's cover, drawn from its first page), by name.
    private var makers: [String: () -> [UInt8]?]
    private let builder: UtteranceBuilder
    private var next = 0
    private var ready: [Page] = []

    /// - Parameters:
    ///   - resources: the files the book carries (cover, page images) by the
    ///     names ``BookMetadata/coverImage`` and the sections use.
    ///   - madeResources: files made the first time they are asked for, by
    ///     name; a maker that gives nil leaves its file out.
    init(
        metadata: BookMetadata, sections: [DocumentSection], resources: [String: [UInt8]] = [:],
        madeResources: [String: () -> [UInt8]?] = [:], options: ImportOptions
    ) {
        self.metadata = metadata
        self.sections = sections
        self.resources = resources
        makers = madeResources
        builder = UtteranceBuilder(options: options, language: metadata.language)
    }

    var fractionRead: Double { sections.isEmpty ? 1 : Double(next) / Double(sections.count) }

    func resource(at path: String) -> [UInt8]? {
        if let bytes = resources[path] { return bytes }
        guard let make = makers.removeValue(forKey: path), let bytes = make() else { return nil }
        resources[path] = bytes
        return bytes
    }

    func nextPart() -> PagePart? {
        while ready.isEmpty, next < sections.count { makeWindow() }
        guard !ready.isEmpty else { return nil }
        return PagePart(page: ready.removeFirst())
    }

    /// Cuts the next few sections into utterances, releasing their blocks;
    /// sections with nothing to say give no page.
    private func makeWindow() {
        let end = min(next + Self.window, sections.count)
        let window = Array(sections[next..<end])
        for index in next..<end { sections[index].blocks = [] }
        next = end
        let utterances = builder.utterances(forPages: window.map(\.blocks))
        for (section, utterances) in zip(window, utterances) where !utterances.isEmpty {
            ready.append(Page(title: section.title, backgroundImage: section.backgroundImage, utterances: utterances))
        }
    }
}
