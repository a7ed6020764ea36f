import BookModel
import TextPrimitives

/// The lexicons that apply to a book, highest precedence first, and the
/// one way they are applied to utterances.
///
/// Where two pronunciations would cover the same text, the one of higher
/// ``Pronunciation/Origin`` wins (`ssml:ph` on the text, then the user's
/// lexicons, then the book's); between lexicons of the same rank, the one
/// earlier in the set.
public struct LexiconSet: Sendable {
    public private(set) var lexicons: [Lexicon]

    public init(_ lexicons: [Lexicon] = []) {
        self.lexicons = lexicons
    }

    public var isEmpty: Bool { lexicons.allSatisfy(\.entries.isEmpty) }

    /// Adds pronunciations from the lexicons to `utterance`, whose
    /// language is its own or else `bookLanguage`.
    public func apply(to utterance: inout Utterance, bookLanguage: String?) {
        guard !lexicons.isEmpty else { return }
        let language = utterance.language ?? bookLanguage
        for lexicon in lexicons where lexicon.applies(to: language) && !lexicon.entries.isEmpty {
            for match in WordScanner.matches(of: lexicon, in: utterance.text) {
                let pronunciation = Pronunciation(range: match.range, spoken: match.entry.spoken, origin: lexicon.origin)
                Self.insert(pronunciation, into: &utterance.pronunciations)
            }
        }
    }

    /// Applies the lexicons to every utterance of `utterances`, in chunks
    /// on every core when there are many.
    public func apply(to utterances: inout [Utterance], bookLanguage: String?) {
        guard !isEmpty else { return }
        let chunk = 64
        guard utterances.count > chunk else {
            for index in utterances.indices { apply(to: &utterances[index], bookLanguage: bookLanguage) }
            return
        }
        let chunks = stride(from: 0, to: utterances.count, by: chunk).map { Array(utterances[$0..<min($0 + chunk, utterances.count)]) }
        utterances = chunks.concurrentMap { part in
            var part = part
            for index in part.indices { apply(to: &part[index], bookLanguage: bookLanguage) }
            return part
        }.flatMap { $0 }
    }

    /// The entry that would say `word` in `language`, and its lexicon.
    public func entry(for word: String, language: String?) -> (entry: Lexicon.Entry, lexicon: Lexicon)? {
        for lexicon in lexicons where lexicon.applies(to: language) {
            if let entry = lexicon.entry(for: word) { return (entry, lexicon) }
        }
        return nil
    }

    /// Inserts in text order unless a pronunciation of the same or higher
    /// origin already covers part of the same text; those of lower origin
    /// that overlap it are replaced.
    static func insert(_ pronunciation: Pronunciation, into list: inout [Pronunciation]) {
        let overlapping = list.indices.filter { list[$0].range.overlaps(pronunciation.range) }
        if overlapping.contains(where: { list[$0].origin >= pronunciation.origin }) { return }
        for index in overlapping.reversed() { list.remove(at: index) }
        let position = list.firstIndex { $0.range.lowerBound > pronunciation.range.lowerBound } ?? list.count
        list.insert(pronunciation, at: position)
    }
}
