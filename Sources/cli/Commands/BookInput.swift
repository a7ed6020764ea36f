import BookModel
import Glibc
import ProsodyHeuristics
import TextPrimitives
import BookFiles
import PropertyLists
import Importers
import Rendering

/// The options every command that reads a book shares (import, info, dump,
/// speak, read): how prose is split and voiced, EPUB choices, and how
/// warnings are treated.
struct BookInput {
    static let options: [OptionSpec] = [
        OptionSpec("split", value: "UNIT", values: .choices(Granularity.self), help: "Utterance size for prose: word, sentence (default) or paragraph."),
        OptionSpec("prosody", value: "PROFILE", values: .choices(ProsodyProfile.self), help: "Prosody rules for prose: natural (default), expressive or none."),
        PauseArgument.option,
        OptionSpec("include-nonlinear", help: "EPUB: also read spine items marked linear=\"no\"."),
        OptionSpec("alt-text", help: "EPUB: speak the alt text of images."),
        OptionSpec("language", value: "TAG", values: .voices, help: "The text's language (such as fr, pt-BR), instead of the book's own or the guessed one."),
        OptionSpec("notes", help: "Also read footnotes and endnotes (EPUB: where the book puts them; text: a Notes page at the end)."),
        OptionSpec("contents", help: "Also read the book's own table of contents."),
        OptionSpec("zip-limit", value: "MB", help: "EPUB: let the zip expand to MB megabytes, in total and per file (default 512 in total, 64 per file)."),
        lexiconOption,
        OptionSpec("strict", help: "Treat warnings as errors."),
        OptionSpec("quiet", short: "q", help: "Do not print warnings."),
    ]

    /// `--lexicon FILE`.
    static let lexiconOption = OptionSpec(
        "lexicon", value: "FILE", values: .files(extensions: ["pls", "lexicon", "txt"]),
        help: "Say words as this lexicon says: PLS, or lines of WORD<TAB>text, /IPA/ or [[espeak]]; repeatable. "
            + "BOOK.lexicon or BOOK.pls beside the book is used too.")


    /// The book and how to read it, as every command and render worker takes it.
    var request: BookRequest

    /// The input path, `-` for standard input.
    var path: String {
        get { request.path }
        set { request.path = newValue }
    }
    var importOptions: ImportOptions {
        get { request.options }
        set { request.options = newValue }
    }
    var quiet: Bool { request.quiet }
    /// `--pause` was given: its delays are the whole silence between speech
    /// (``NarrationOptions/exactPauses``).
    var pausesAreExact: Bool { !importOptions.pauses.isEmpty }

    /// - Parameter requiresText: a book without readable text is an error
    ///   (every command but those that describe a book: `info`, `dump`).
    init(path: String, _ arguments: ParsedArguments, requiresText: Bool = true) throws(UsageError) {
        if Self.isURL(path), access(path, F_OK) != 0 {
            throw UsageError("INPUT '\(path)' is a URL; narrate reads local files: download it first "
                + "(for example with curl -O) and give the file")
        }
        request = BookRequest(path: path)
        importOptions.requiresText = requiresText
        if let split = try arguments.choice("split", as: Granularity.self) { importOptions.granularity = split }
        if let prosody = try arguments.choice("prosody", as: ProsodyProfile.self) { importOptions.prosody = prosody }
        if let pause = arguments.value("pause") { importOptions.pauses = try PauseArgument.parse(pause) }
        importOptions.includeNonlinear = arguments.flag("include-nonlinear")
        importOptions.speakAltText = arguments.flag("alt-text")
        importOptions.readsNotes = arguments.flag("notes")
        importOptions.readsContents = arguments.flag("contents")
        if let language = arguments.value("language") { importOptions.language = try Self.languageTag(language) }
        if let megabytes = try arguments.wholeNumber("zip-limit", from: 1) {
            importOptions.archiveLimits = ArchiveLimits(megabytes: UInt64(megabytes))
        }
        request.lexicons = arguments.values("lexicon")
        request.strict = arguments.flag("strict")
        request.quiet = arguments.flag("quiet")
    }

    /// `language` when it looks like a BCP 47 tag (`fr`, `pt-BR`, `zh_Hant`).
    static func languageTag(_ language: String) throws(UsageError) -> String {
        let parts = language.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let primary = parts.first, (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else {
            throw UsageError("--language \(language): not a language tag (such as en, fr, pt-BR)")
        }
        return language
    }

    /// Whether `text` starts like a URL (`https://`, `file://`).
    static func isURL(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The one operand a book command takes.
    static func singleOperand(_ arguments: ParsedArguments) throws(UsageError) -> String {
        switch arguments.operands.count {
        case 0: throw UsageError("missing INPUT (a file, or - for standard input)")
        case 1: return arguments.operands[0]
        default: throw UsageError("expected one INPUT, found \(arguments.operands.count): \(arguments.operands.joined(separator: " "))")
        }
    }

    /// Opens the book as a stream of pages (see ``BookOpener/open(_:context:inMemory:)``).
    func open(_ context: CommandContext, inMemory: Bool) throws -> any PageStream {
        try BookOpener.open(request, context: context, inMemory: inMemory)
    }

    /// Reads the whole book.
    func load(_ context: CommandContext) throws -> Book {
        try BookOpener.load(request, context: context)
    }
}

/// A command whose only operand is a book and whose options are
/// ``BookInput/options``: it gets its usage, options and parsing from here.
protocol BookCommand: Command {
    init(input: BookInput)
}

extension BookCommand {
    static var operandsUsage: String { "INPUT" }
    static var options: [OptionSpec] { BookInput.options }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        self.init(input: try BookInput(path: try BookInput.singleOperand(arguments), arguments))
    }
}
