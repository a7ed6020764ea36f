/// Text as espeak-ng should see it, and where sentences end.
///
/// espeak-ng ends a clause at a period followed by a space and a capital
/// letter unless it knows the abbreviation, so "Capt. Ahab met Prof.
/// Moriarty" gets two 0.3 s pauses. espeak does not end a clause before a
/// lower-case letter, so after an abbreviation or an initial the next word's
/// first letter is handed over in lower case. Nothing else changes, and every
/// string keeps its length in Unicode scalars, so espeak's character
/// positions still point into the user's utterance strings (which stay as
/// authored for display and export).
public enum SpeakableText {
    /// Abbreviations (lower case, without their final period) after which a
    /// period does not end a sentence.
    public static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "mssrs", "messrs", "mme", "mlle", "dr", "prof", "rev", "revd", "hon", "st", "ste",
        "capt", "cpt", "col", "gen", "lt", "maj", "sgt", "cpl", "pvt", "adm", "cmdr", "cdr", "gov", "sen",
        "rep", "pres", "supt", "insp", "fr", "br", "sr", "jr", "esq", "mt", "ft", "no", "nos", "vol", "vols",
        "ch", "chap", "fig", "figs", "p", "pp", "ed", "eds", "vs", "etc", "cf", "al", "approx", "e.g", "i.e",
        "viz", "ca", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    ]

    /// The texts espeak should speak for consecutive utterance strings spoken
    /// as one stream. Each result has the same number of Unicode scalars as
    /// its input.
    public static func prepare(_ texts: [String]) -> [String] {
        var scalars = texts.map { Array($0.unicodeScalars) }
        var pendingLowercase = false
        var token: [Unicode.Scalar] = []
        for textIndex in scalars.indices {
            for index in scalars[textIndex].indices {
                let scalar = scalars[textIndex][index]
                if pendingLowercase, !scalar.properties.isWhitespace {
                    pendingLowercase = false
                    let next = scalars[textIndex].indices.contains(index + 1) ? scalars[textIndex][index + 1] : " "
                    // An acronym ("Dr. NASA") keeps its capitals: espeak would spell "nASA" oddly.
                    if !next.properties.isUppercase { scalars[textIndex][index] = lowercased(scalar) }
                }
                if scalar == ".", isAbbreviation(token), followedBySpace(scalars, textIndex, index) {
                    pendingLowercase = true
                }
                updateToken(&token, with: scalar)
            }
        }
        return scalars.map { String(String.UnicodeScalarView($0)) }
    }

    /// True when an utterance ending with `text` ends a sentence (or a block):
    /// after trailing spaces and closing quotes or brackets it ends with `.`
    /// (not after an abbreviation or initial), `!`, `?`, `…` or their CJK
    /// forms, or its trailing white space holds a line break.
    public static func endsSentence(_ text: String) -> Bool {
        var trailing = text.unicodeScalars[...]
        while let last = trailing.last, last.properties.isWhitespace {
            if last == "\n" || last == "\r" || last == "\u{2029}" { return true }
            trailing = trailing.dropLast()
        }
        while let last = trailing.last, closers.contains(last) { trailing = trailing.dropLast() }
        guard let last = trailing.last else { return false }
        if last == "." { return !isAbbreviation(Array(trailing.dropLast().reversed().prefix { isTokenScalar($0) }.reversed())) }
        return sentenceEnders.contains(last)
    }

    /// True when `text` ends with punctuation after which espeak pauses: a
    /// sentence end, or `,` `;` `:` or a dash.
    public static func endsClause(_ text: String) -> Bool {
        if endsSentence(text) { return true }
        let trimmed = text.unicodeScalars.reversed().drop { $0.properties.isWhitespace || closers.contains($0) }
        guard let last = trimmed.first else { return false }
        return clauseEnders.contains(last)
    }

    private static let sentenceEnders: Set<Unicode.Scalar> = ["!", "?", "\u{2026}", "\u{3002}", "\u{FF01}", "\u{FF1F}"]
    private static let clauseEnders: Set<Unicode.Scalar> = [",", ";", ":", "\u{2014}", "\u{2013}", "\u{3001}", "\u{FF0C}"]
    private static let closers: Set<Unicode.Scalar> = ["\"", "'", ")", "]", "\u{201D}", "\u{2019}", "\u{00BB}", "\u{300D}"]

    /// A token before a period is an abbreviation when it is in the list or a
    /// single capital letter other than "I" (an initial).
    static func isAbbreviation(_ token: [Unicode.Scalar]) -> Bool {
        if token.count == 1, let letter = token.first, letter.properties.isUppercase, letter != "I" { return true }
        guard !token.isEmpty, token.count <= 8 else { return false }
        let word = String(String.UnicodeScalarView(token)).lowercased()
        return abbreviations.contains(word)
    }

    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar == "."
    }

    private static func updateToken(_ token: inout [Unicode.Scalar], with scalar: Unicode.Scalar) {
        if isTokenScalar(scalar) {
            if token.count < 16 { token.append(scalar) }
        } else {
            token.removeAll(keepingCapacity: true)
        }
    }

    /// True when the scalar after `index` (possibly in a later text) is white
    /// space: the period is then not inside a token such as "e.g".
    private static func followedBySpace(_ scalars: [[Unicode.Scalar]], _ textIndex: Int, _ index: Int) -> Bool {
        var (t, i) = (textIndex, index + 1)
        while t < scalars.count {
            if i < scalars[t].count { return scalars[t][i].properties.isWhitespace }
            (t, i) = (t + 1, 0)
        }
        return false
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard scalar.properties.isUppercase else { return scalar }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first ?? scalar : scalar
    }
}
