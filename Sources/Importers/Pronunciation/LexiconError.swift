/// Why a lexicon file cannot be used: printed after its name, as in
/// `narrate: names.pls: line 4: <lexeme> has no <grapheme>`.
public struct LexiconError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the problem; nil when it concerns the whole file.
    public var line: Int?
    public var message: String

    public init(line: Int? = nil, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { (line.map { "line \($0): " } ?? "") + message }
}

/// Bounds on lexicon files, so a hostile one cannot exhaust memory.
enum LexiconLimits {
    /// Largest lexicon file read: 32 MB.
    static let fileSize = 32 << 20
    /// Most entries in one lexicon.
    static let entries = 1_000_000
    /// Longest grapheme, in characters.
    static let graphemeLength = 256
    /// Longest pronunciation (phonemes or alias), in characters.
    static let pronunciationLength = 1_024
}
