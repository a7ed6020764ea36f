/// Which word each phoneme of a sentence belongs to.
///
/// espeak-ng phonemizes a clause as a whole, joining some words (`of the` →
/// `ʌvðə`) and splitting others (`1999` → three chunks), so the sentence's
/// IPA does not split into the text's words by its spaces. Each word is
/// phonemized on its own as well; the two phoneme strings are aligned with
/// the fewest edits (stress marks, spaces and punctuation left out), and
/// every sentence phoneme takes the word of the phoneme it is aligned with.
struct PhonemeWordMap: Equatable {
    /// For each scalar of the sentence's phonemes, the index of its word;
    /// nil for spaces, punctuation and what comes before the first word.
    let words: [Int?]

    /// - Parameters:
    ///   - sentence: the sentence's phoneme scalars as they will be spoken.
    ///   - wordPhonemes: each word's phonemes on its own, in text order.
    init(sentence: [Unicode.Scalar], wordPhonemes: [String]) {
        var labelled: [(scalar: Unicode.Scalar, word: Int)] = []
        for (index, phonemes) in wordPhonemes.enumerated() {
            labelled += phonemes.unicodeScalars.filter(Self.isSound).map { ($0, index) }
        }
        let sounds = sentence.indices.filter { Self.isSound(sentence[$0]) }
        let matched = Self.align(sounds.map { sentence[$0] }, labelled.map(\.scalar))
        var words = [Int?](repeating: nil, count: sentence.count)
        var current: Int?
        for (position, index) in sounds.enumerated() {
            if let partner = matched[position] {
                current = max(current ?? 0, labelled[partner].word)
            }
            words[index] = current ?? labelled.first?.word
        }
        self.words = words
    }

    /// The first phoneme index of each word that has one, in order.
    func firstPhonemes(wordCount: Int) -> [Int?] {
        var firsts = [Int?](repeating: nil, count: wordCount)
        for (index, word) in words.enumerated() {
            if let word, word < wordCount, firsts[word] == nil { firsts[word] = index }
        }
        return firsts
    }

    /// Scalars that are sounds: not spaces, stress or punctuation.
    static func isSound(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", ",", ".", "?", "!", ":", ";", "-", "\u{200D}": false
        default: !stressMarks.contains(scalar) && !scalar.properties.isWhitespace
        }
    }

    /// `ˈ` and `ˌ`, which espeak-ng writes before a stressed syllable.
    static let stressMarks: Set<Unicode.Scalar> = ["ˈ", "ˌ"]

    /// For each scalar of `a`, the index in `b` it is aligned with by a
    /// least-edits alignment (nil when inserted).
    static func align(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> [Int?] {
        let width = b.count + 1
        var cost = [Int32](repeating: 0, count: (a.count + 1) * width)
        for j in 0...b.count { cost[j] = Int32(j) }
        for i in 1..<(a.count + 1) {
            cost[i * width] = Int32(i)
            for j in 1..<width {
                let substitute = cost[(i - 1) * width + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                cost[i * width + j] = min(substitute, cost[(i - 1) * width + j] + 1, cost[i * width + j - 1] + 1)
            }
        }
        var matched = [Int?](repeating: nil, count: a.count)
        var i = a.count
        var j = b.count
        while i > 0, j > 0 {
            let here = cost[i * width + j]
            if here == cost[(i - 1) * width + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1) {
                matched[i - 1] = j - 1
                i -= 1
                j -= 1
            } else if here == cost[(i - 1) * width + j] + 1 {
                i -= 1
            } else {
                j -= 1
            }
        }
        return matched
    }
}
