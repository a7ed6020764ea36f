import BookFiles
import BookModel

extension Lexicon {
    /// The PLS 1.0 namespace.
    static let plsNamespace = "http://www.w3.org/2005/01/pronunciation-lexicon"

    /// Reads a W3C Pronunciation Lexicon (PLS 1.0): `<lexicon alphabet
    /// xml:lang>` holding `<lexeme>`s, each with one or more `<grapheme>`s
    /// and its pronunciations — `<phoneme>` (in the lexicon's alphabet or its
    /// own `alphabet`) or `<alias>`. The first pronunciation is used, or the
    /// one marked `prefer="true"`. Parsed with libxml2's safe settings (no
    /// network, no external entities).
    /// - Parameters:
    ///   - language: the language a link gives it (`hreflang`), which wins
    ///     over the file's `xml:lang`.
    ///   - skipped: receives a message for each lexeme that cannot be used
    ///     (an alphabet narrate does not read, no grapheme).
    /// - Throws: ``LexiconError`` when the file is not well-formed XML or
    ///   not a PLS lexicon.
    public init(
        pls bytes: [UInt8], name: String, origin: Pronunciation.Origin, language: String? = nil,
        skipped: (LexiconError) -> Void = { _ in }
    ) throws(LexiconError) {
        guard bytes.count <= LexiconLimits.fileSize else { throw LexiconError("larger than 32 MB") }
        let document: XMLDocument
        do { document = try XMLDocument.parse(bytes) } catch {
            throw LexiconError(line: error.line, "malformed XML: \(error.message)")
        }
        guard let root = document.root, root.name == "lexicon" else {
            throw LexiconError("not a PLS lexicon: the root element is not <lexicon>")
        }
        let fileLanguage = root.languageAttribute
        self.init(name: name, language: language ?? fileLanguage, origin: origin)
        let defaultAlphabet = root.attribute("alphabet") ?? "ipa"
        for lexeme in root.childElements where lexeme.name == "lexeme" {
            do throws(LexiconError) {
                try add(lexeme: lexeme, defaultAlphabet: defaultAlphabet)
            } catch {
                skipped(error)
            }
            guard count <= LexiconLimits.entries else { throw LexiconError("more than 1,000,000 entries") }
        }
    }

    private mutating func add(lexeme: XMLNode, defaultAlphabet: String) throws(LexiconError) {
        let children = lexeme.childElements
        let graphemes = children.filter { $0.name == "grapheme" }.map { $0.textContent(limit: 1024).collapsingWhitespace() }
            .filter { !$0.isEmpty }
        guard !graphemes.isEmpty else { throw LexiconError(line: lexeme.line, "<lexeme> has no <grapheme>") }
        guard graphemes.allSatisfy({ $0.count <= LexiconLimits.graphemeLength }) else {
            throw LexiconError(line: lexeme.line, "a grapheme is longer than 256 characters")
        }
        let pronunciations = children.filter { $0.name == "phoneme" || $0.name == "alias" }
        guard let chosen = pronunciations.first(where: { $0.attribute("prefer") == "true" }) ?? pronunciations.first
        else { throw LexiconError(line: lexeme.line, "<lexeme> for \"\(graphemes[0])\" has no <phoneme> or <alias>") }
        let text = chosen.textContent(limit: LexiconLimits.pronunciationLength + 1).collapsingWhitespace()
        guard !text.isEmpty, text.count <= LexiconLimits.pronunciationLength else {
            throw LexiconError(line: chosen.line, "the <\(chosen.name)> of \"\(graphemes[0])\" is empty or too long")
        }
        let spoken: Pronunciation.Spoken
        if chosen.name == "alias" {
            spoken = .alias(text)
        } else {
            let name = chosen.attribute("alphabet") ?? defaultAlphabet
            guard let alphabet = PhoneticAlphabet(name: name) else {
                throw LexiconError(line: chosen.line, "alphabet \"\(name)\" of \"\(graphemes[0])\" is not ipa, x-sampa or x-espeak")
            }
            spoken = .phonemes(text, alphabet: alphabet)
        }
        for grapheme in graphemes { add(grapheme, spoken) }
    }
}
