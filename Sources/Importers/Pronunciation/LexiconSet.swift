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
        for lexicon in used where lexicon.hasPhrases {
            Self.applyPhrases(lexicon, to: &utterances, bookLanguage: bookLanguage)
        }
    }

    /// Entries of more than one word that span utterances (a phrase cut at
    /// every word, `--split word`): matched in the text of each run of
    /// utterances that no line break ends; the first utterance says the
    /// entry, the others covered are ``Pronunciation/Spoken/continued``.
    private static func applyPhrases(_ lexicon: Lexicon, to utterances: inout [Utterance], bookLanguage: String?) {
        var start = 0
        while start < utterances.count {
            var end = start + 1
            while end < utterances.count, !utterances[end - 1].endsBlock { end += 1 }
            if end - start > 1, lexicon.applies(to: utterances[start].language ?? bookLanguage) {
                applyPhrases(lexicon, to: &utterances, in: start..<end)
            }
            start = end
        }
    }

    private static func applyPhrases(_ lexicon: Lexicon, to utterances: inout [Utterance], in run: Range<Int>) {
        var offsets = [0]  // where each utterance of the run starts in the joined text, in scalars
        for index in run { offsets.append(offsets[offsets.count - 1] + utterances[index].text.unicodeScalars.count) }
        let joined = utterances[run].map(\.text).joined()
        for match in WordScanner.matches(of: lexicon, in: joined) {
            guard let first = offsets.lastIndex(where: { $0 <= match.range.lowerBound }),
                let last = offsets.firstIndex(where: { $0 >= match.range.upperBound }), last - first > 1
            else { continue }  // within one utterance: found by the pass over each
            let spoken = lexicon.spoken(match.entry)
            for piece in first..<last {
                let index = run.lowerBound + piece
                let scalars = Array(utterances[index].text.unicodeScalars)
                let lower = max(0, match.range.lowerBound - offsets[piece])
                var upper = min(match.range.upperBound, offsets[piece + 1]) - offsets[piece]
                while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }  // the space between words
                let said = piece == first ? spoken : .continued
                // The phrase is the longer entry: it wins over this lexicon's word there.
                utterances[index].pronunciations.removeAll { $0.origin == lexicon.origin && $0.range.overlaps(lower..<upper) }
                insert(Pronunciation(range: lower..<upper, spoken: said, origin: lexicon.origin), into: &utterances[index].pronunciations)
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
