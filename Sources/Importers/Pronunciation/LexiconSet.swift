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

    public var isEmpty: Bool { lexicons.allSatisfy { $0.count == 0 } }

    /// Adds pronunciations from the lexicons to `utterance`, whose
    /// language is its own or else `bookLanguage`.
    public func apply(to utterance: inout Utterance, bookLanguage: String?) {
        var found: [WordScanner.Match] = []
        for lexicon in lexicons where lexicon.count > 0 {
            Self.apply(lexicon, to: &utterance, bookLanguage: bookLanguage, found: &found)
        }
    }

    /// Applies the lexicons to every utterance of `utterances`, in place,
    /// 256 utterances a task on every core when there are more (a task
    /// of fewer costs less than waking a core for it: a chapter of a novel
    /// is one task).
    public func apply(to utterances: inout [Utterance], bookLanguage: String?) {
        let used = lexicons.filter { $0.count > 0 }
        guard !used.isEmpty else { return }
        utterances.concurrentUpdate(chunk: 256) { part in
            var found: [WordScanner.Match] = []
            for lexicon in used.map({ $0.forOneTask() }) {
                for index in part.indices {
                    Self.apply(lexicon, to: &part[index], bookLanguage: bookLanguage, found: &found)
                }
            }
        }
    }

    /// `found` is room for the matches, kept from one utterance to the next.
    private static func apply(
        _ lexicon: Lexicon, to utterance: inout Utterance, bookLanguage: String?, found: inout [WordScanner.Match]
    ) {
        guard lexicon.applies(to: utterance.language ?? bookLanguage) else { return }
        WordScanner.matches(of: lexicon, in: utterance.text, into: &found)
        guard !found.isEmpty else { return }
        utterance.pronunciations.reserveCapacity(utterance.pronunciations.count + found.count)
        for match in found {
            let spoken = lexicon.spoken(match.entry)
            insert(Pronunciation(range: match.range, spoken: spoken, origin: lexicon.origin), into: &utterance.pronunciations)
        }
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
        let range = pronunciation.range
        var overlaps = false
        for index in list.indices where list[index].range.overlaps(range) {
            if list[index].origin >= pronunciation.origin { return }
            overlaps = true
        }
        if overlaps { list.removeAll { $0.range.overlaps(range) } }
        if let position = list.firstIndex(where: { $0.range.lowerBound > range.lowerBound }) {
            list.insert(pronunciation, at: position)
        } else {
            list.append(pronunciation)
        }
    }
}
