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
    private let resources: [String: [UInt8]]
    private let builder: UtteranceBuilder
    private var next = 0
    private var ready: [Page] = []

    /// - Parameters:
    ///   - resources: the files the book carries (cover, page images) by the
    ///     names ``BookMetadata/coverImage`` and the sections use.
    init(metadata: BookMetadata, sections: [DocumentSection], resources: [String: [UInt8]] = [:], options: ImportOptions) {
        self.metadata = metadata
        self.sections = sections
        self.resources = resources
        builder = UtteranceBuilder(options: options, language: metadata.language)
    }

    var fractionRead: Double { sections.isEmpty ? 1 : Double(next) / Double(sections.count) }

    func resource(at path: String) -> [UInt8]? { resources[path] }

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
