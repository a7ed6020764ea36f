import Glibc

/// Places a sentence's words in its stretch of the recording by forced
/// alignment with a speech recogniser (PocketSphinx and its en-us acoustic
/// model): the sentence as a one-path grammar, pauses and noises allowed
/// between words, decoded over the stretch. An acoustic model of speech
/// is not thrown by the difference between two voices as the warping
/// against espeak-ng is (docs/alignment.md). One decoder; not for two
/// threads at once.
public final class WordRecognizer {
    /// Debian's pocketsphinx-en-us model.
    public static let englishModel = "/usr/share/pocketsphinx/model/en-us"

    private let library: PocketSphinxLibrary
    private let decoder: OpaquePointer
    /// Samples per frame of the recogniser's front end.
    private let frameShift: Int
    /// Tokens added to the dictionary, by spelling: their names in it.
    private var added: [String: String] = [:]
    /// Spellings the dictionary lacks and no pronunciation could be made for.
    private var unpronounceable: Set<String> = []
    /// Gives a word's pronunciation in IPA (espeak-ng's), for a word its dictionary lacks.
    private let pronounce: (String) -> String?
    private var grammars = 0

    /// - Parameters:
    ///   - sampleRate: the recording's samples per second (its front end's
    ///     filters are in hertz, so the model's 16 kHz features are taken at any rate).
    ///   - pronounce: a word's IPA, for words missing from the dictionary.
    /// - Throws: ``AlignmentError/recognizer(_:)`` when PocketSphinx or its model cannot be loaded.
    public init(sampleRate: Int, model: String = englishModel, pronounce: @escaping (String) -> String?) throws(AlignmentError) {
        let library = try PocketSphinxLibrary.shared.get()
        self.library = library
        (decoder, frameShift) = try library.openDecoder(model: model, sampleRate: sampleRate)
        self.pronounce = pronounce
    }

    deinit { _ = library.free(decoder) }

    /// Where each word of `words` (a sentence's, as written) is said in
    /// `samples`, in samples from its start: a word's range runs from its
    /// first token's first frame to its last token's last. A word with no
    /// letters or digits gets nil. Nil for the whole sentence when a word
    /// cannot be pronounced or no path through the words was found.
    public func place(_ words: [String], in samples: UnsafeBufferPointer<Int16>) -> [Range<Int>?]? {
        guard let names = dictionaryNames(of: words) else { return nil }
        let flat = names.flatMap { $0 }
        guard !flat.isEmpty, let found = decode(flat, samples)?.ranges else { return nil }
        var placed: [Range<Int>?] = []
        var next = 0
        for named in names {
            guard !named.isEmpty else {
                placed.append(nil)
                continue
            }
            let first = found[next], last = found[next + named.count - 1]
            placed.append(first.lowerBound..<max(last.upperBound, first.lowerBound))
            next += named.count
        }
        return placed
    }

    /// The score of the best path through `words` in order over
    /// `samples` (as ``place(_:in:)`` finds it), in the decoder's log units
    /// (base 1.0001) per 10 ms frame; nil when a word cannot be pronounced
    /// or no path was found.
    public func score(_ words: [String], in samples: UnsafeBufferPointer<Int16>) -> Double? {
        guard let names = dictionaryNames(of: words)?.flatMap({ $0 }), !names.isEmpty, samples.count >= frameShift,
            let found = decode(names, samples)
        else { return nil }
        return Double(found.score) / Double(samples.count / frameShift)
    }

    /// Each word's tokens by their names in the dictionary (``name(of:)``);
    /// nil when one cannot be pronounced.
    private func dictionaryNames(of words: [String]) -> [[String]]? {
        var names: [[String]] = []
        for tokens in words.map(RecognizerTokens.tokens(of:)) {
            var named: [String] = []
            for token in tokens {
                guard let name = name(of: token) else { return nil }
                named.append(name)
            }
            names.append(named)
        }
        return names
    }

    /// The dictionary's name for `token`: itself when known, else a
    /// pronunciation made from its IPA and added under a name of its own.
    private func name(of token: String) -> String? {
        if let name = added[token] { return name }
        if unpronounceable.contains(token) { return nil }
        if let phones = library.lookUp(decoder, token) {
            Glibc.free(phones)
            added[token] = token
            return token
        }
        guard let ipa = pronounce(token), let phones = ARPAbet.phones(ofIPA: ipa), !phones.isEmpty else {
            unpronounceable.insert(token)
            return nil
        }
        let name = "narrate\(added.count)x"
        guard library.addWord(decoder, name, phones.joined(separator: " "), 0) >= 0 else {
            unpronounceable.insert(token)
            return nil
        }
        added[token] = name
        return name
    }

    /// Each token's samples, decoded with a grammar of `tokens` in order;
    /// nil when the decoder found no full path.
    private func decode(_ tokens: [String], _ samples: UnsafeBufferPointer<Int16>) -> (ranges: [Range<Int>], score: Int32)? {
        // Two names in turn: a grammar never replaces the search in use.
        grammars += 1
        let search = grammars % 2 == 0 ? "even" : "odd"
        let grammar = "#JSGF V1.0;\ngrammar sentence;\npublic <sentence> = \(tokens.joined(separator: " ")) ;\n"
        guard library.setGrammar(decoder, search, grammar) == 0, library.setSearch(decoder, search) == 0,
            let (_, score) = library.decodeUtterance(decoder, samples)
        else { return nil }
        var ranges: [Range<Int>] = []
        var segment = library.segments(decoder)
        while let current = segment {
            if let word = library.segmentWord(current).map({ String(cString: $0) }), PocketSphinxLibrary.isWord(word) {
                var first: Int32 = 0, last: Int32 = 0
                library.segmentFrames(current, &first, &last)
                let start = Int(first) * frameShift
                ranges.append(start..<max((Int(last) + 1) * frameShift, start))
            }
            segment = library.nextSegment(current)
        }
        return ranges.count == tokens.count ? (ranges, score) : nil
    }
}
