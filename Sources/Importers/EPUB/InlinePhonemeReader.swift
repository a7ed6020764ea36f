import BookFiles
import BookModel
import TextPrimitives

/// The pronunciation markup of a content document, for ``ContentReader``:
/// `ssml:ph` on any element (its text is said with those phonemes, in the
/// alphabet `ssml:alphabet` gives on it or an ancestor, IPA by default) and
/// the PLS lexicons its head links (`<link rel="pronunciation">`).
///
/// The runs of text inside an element with `ssml:ph` are kept apart from
/// their neighbours, so the block can say which runs the phonemes replace.
/// An `ssml:ph` inside another is ignored (the outer one says the text); one
/// whose element spans a block boundary is dropped.
struct InlinePhonemeReader {
    /// A lexicon the document links, with the language the link gives it.
    struct LexiconLink: Hashable {
        var path: String
        var language: String?
    }

    private struct OpenSpan {
        var depth: Int
        var firstRun: Int
        var spoken: Pronunciation.Spoken
        var isValid = true
    }

    private(set) var lexiconLinks: [LexiconLink] = []
    /// `ssml:alphabet` values narrate does not read, with their line.
    private(set) var unknownAlphabets: [(name: String, line: Int)] = []
    private var open: OpenSpan?
    private var pending: [RunPronunciation] = []
    private var runBreak: Int?

    /// Notes an element's `ssml:alphabet` (in `alphabet`, which its
    /// children inherit) and opens its `ssml:ph`.
    mutating func enter(
        _ node: XMLNode, frame alphabet: inout String?, inside: inout Bool, depth: Int, runs: Int, blocks: Int
    ) {
        if let name = Self.ssmlAttribute(node, "alphabet") { alphabet = name }
        guard !inside, let ph = Self.ssmlAttribute(node, "ph"), ph.contains(where: { !$0.isWhitespace }) else { return }
        let name = alphabet ?? PhoneticAlphabet.ipa.rawValue
        guard let notation = PhoneticAlphabet(name: name) else {
            unknownAlphabets.append((name, node.line))
            return
        }
        inside = true
        open = OpenSpan(depth: depth, firstRun: runs, spoken: .phonemes(ph, alphabet: notation))
        runBreak = runs
    }

    /// Closes the `ssml:ph` of the element at `depth`, if it has one.
    mutating func exit(_ depth: Int, runs: Int, blocks: Int) {
        guard let span = open, span.depth == depth else { return }
        open = nil
        if span.isValid, runs > span.firstRun {
            pending.append(RunPronunciation(runs: span.firstRun..<runs, spoken: span.spoken))
        }
        runBreak = runs
    }

    /// Whether text appended when the block has `count` runs must start a
    /// run of its own (it begins or follows an `ssml:ph` element).
    func startsRun(at count: Int) -> Bool { runBreak == count }

    /// The pronunciations of the block being finished.
    mutating func takeBlockPronunciations(runs: Int) -> [RunPronunciation] {
        defer { pending = [] }
        return pending
    }

    /// A block has ended: what is still open reaches past it and is dropped.
    mutating func blockEnded() {
        pending = []
        runBreak = nil
        open?.isValid = false
    }

    /// Records the `<link rel="pronunciation">`s among the head's children.
    mutating func readLinks(in head: XMLNode, path: String) {
        for link in head.childElements where link.name == "link" {
            guard Self.isPronunciation(rel: link.attribute("rel") ?? ""), let href = link.attribute("href"),
                let reference = ArchivePath.resolve(href, relativeTo: path)
            else { continue }
            let language = link.attribute("hreflang").flatMap { $0.isEmpty ? nil : $0 }
            lexiconLinks.append(LexiconLink(path: reference.path, language: language))
        }
    }

    /// Whether a `rel` lists `pronunciation` among its space-separated
    /// words, in any case. ASCII values (every stylesheet link's) are read
    /// as bytes, the same words as cut by Character.
    static func isPronunciation(rel: String) -> Bool {
        let lowered = rel.lowercased()
        guard lowered.isASCII else { return lowered.split(separator: " ").contains("pronunciation") }
        return lowered.utf8.split(separator: UInt8(ascii: " ")).contains { $0.elementsEqual("pronunciation".utf8) }
    }

    /// `ssml:NAME`, namespaced (XML) or literal (read by the HTML parser).
    private static func ssmlAttribute(_ node: XMLNode, _ name: String) -> String? {
        node.attribute(name, namespace: EPUBNamespace.ssml) ?? node.attribute("ssml:" + name)
    }
}
