import BookFiles
import BookModel

/// The pronunciation lexicons (PLS) an EPUB carries: every manifest item of
/// type `application/pls+xml`, read once when the book is opened.
///
/// A content document that links lexicons (`<link rel="pronunciation">`)
/// is said with those, each for the language its `hreflang` (else its own
/// `xml:lang`) names; a document that links none is said with all of the
/// book's lexicons.
struct BookLexicons: Sendable {
    /// Archive path → lexicon.
    private(set) var byPath: [String: Lexicon] = [:]
    /// In manifest order, for documents that link none.
    private var all: LexiconSet = LexiconSet()

    init() {}

    /// Reads the lexicons of `package`; one that cannot be read is left out
    /// with a warning, and so are lexemes narrate cannot use (one warning a lexicon).
    init(package: PackageDocument, archive: some Archive, warnings: inout [Warning]) {
        let items = package.manifest.values.filter(Self.isLexicon).sorted { $0.path < $1.path }
        for item in items where archive.contains(item.path) {
            var skipped: [LexiconError] = []
            do {
                let bytes = try PublicationOpener.read(item.path, from: archive)
                let lexicon = try Lexicon(pls: bytes, name: item.path, origin: .bookLexicon(item.path)) { skipped.append($0) }
                byPath[item.path] = lexicon
                all = LexiconSet(all.lexicons + [lexicon])
            } catch {
                warnings.append(Warning("cannot read the pronunciation lexicon: \(error)", at: item.path))
            }
            if let first = skipped.first {
                let count = skipped.count > 1 ? "\(skipped.count) lexemes skipped, the first" : "lexeme skipped"
                warnings.append(Warning("\(count): \(first)", at: item.path))
            }
        }
    }

    var isEmpty: Bool { byPath.isEmpty }

    /// The lexicons for a document that links `links`.
    func lexicons(for links: [InlinePhonemeReader.LexiconLink], document: String, warnings: inout [Warning])
        -> LexiconSet
    {
        guard !links.isEmpty else { return all }
        var chosen: [Lexicon] = []
        for link in links {
            guard var lexicon = byPath[link.path] else {
                warnings.append(Warning("links the pronunciation lexicon \(link.path), which is not in the manifest",
                    at: document))
                continue
            }
            if let language = link.language { lexicon.language = language }
            chosen.append(lexicon)
        }
        return LexiconSet(chosen)
    }

    private static func isLexicon(_ item: PackageDocument.Item) -> Bool {
        item.mediaType.equalsIgnoringASCIICase("application/pls+xml")
            || (item.mediaType.isEmpty && item.path.hasSuffixIgnoringASCIICase(".pls"))
    }
}
