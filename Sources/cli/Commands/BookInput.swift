import BookModel
import Glibc
import ProsodyHeuristics
import TextPrimitives
import BookFiles
import PropertyLists
import Importers

/// The options every command that reads a book shares (import, info, dump,
/// speak, read): how prose is split and voiced, EPUB choices, and how
/// warnings are treated.
struct BookInput {
    static let options: [OptionSpec] = [
        OptionSpec("split", value: "UNIT", values: .choices(Granularity.self), help: "Utterance size for prose: word, sentence (default) or paragraph."),
        OptionSpec("prosody", value: "PROFILE", values: .choices(ProsodyProfile.self), help: "Prosody rules for prose: natural (default), expressive or none."),
        OptionSpec("include-nonlinear", help: "EPUB: also read spine items marked linear=\"no\"."),
        OptionSpec("alt-text", help: "EPUB: speak the alt text of images."),
        OptionSpec("language", value: "TAG", values: .voices, help: "The text's language (such as fr, pt-BR), instead of the book's own or the guessed one."),
        OptionSpec("notes", help: "Also read footnotes and endnotes (EPUB: where the book puts them; text: a Notes page at the end)."),
        OptionSpec("contents", help: "Also read the book's own table of contents."),
        OptionSpec("zip-limit", value: "MB", help: "EPUB: let the zip expand to MB megabytes, in total and per file (default 512 in total, 64 per file)."),
        UserLexicons.option,
        OptionSpec("strict", help: "Treat warnings as errors."),
        OptionSpec("quiet", short: "q", help: "Do not print warnings."),
    ]

    /// The input path, `-` for standard input.
    var path: String
    var importOptions = ImportOptions()
    var strict = false
    var quiet = false
    /// `--lexicon` files, in the order given.
    var lexicons: [String] = []

    init(path: String, _ arguments: ParsedArguments) throws(UsageError) {
        if Self.isURL(path), access(path, F_OK) != 0 {
            throw UsageError("INPUT '\(path)' is a URL; narrate reads local files: download it first "
                + "(for example with curl -O) and give the file")
        }
        self.path = path
        if let split = try arguments.choice("split", as: Granularity.self) { importOptions.granularity = split }
        if let prosody = try arguments.choice("prosody", as: ProsodyProfile.self) { importOptions.prosody = prosody }
        importOptions.includeNonlinear = arguments.flag("include-nonlinear")
        importOptions.speakAltText = arguments.flag("alt-text")
        importOptions.readsNotes = arguments.flag("notes")
        importOptions.readsContents = arguments.flag("contents")
        if let language = arguments.value("language") { importOptions.language = try Self.languageTag(language) }
        if let megabytes = try arguments.wholeNumber("zip-limit", from: 1) {
            importOptions.archiveLimits = ArchiveLimits(megabytes: UInt64(megabytes))
        }
        lexicons = arguments.values("lexicon")
        strict = arguments.flag("strict")
        quiet = arguments.flag("quiet")
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

    /// Opens the book, once, as a stream of pages; warnings (those met
    /// before the first page at once, later ones as their pages are read)
    /// go to `context`.
    /// - Parameter inMemory: read a file whole into memory first (fast for
    ///   a whole import); otherwise it is read in place as pages are asked
    ///   for, so memory does not grow with its length. Standard input is
    ///   always read whole.
    func open(_ context: CommandContext, inMemory: Bool) throws -> any PageStream {
        context.strict = strict
        context.quiet = quiet
        let loading = UserLexicons.startLoading(lexicons, bookPath: path, context: context, quiet: quiet)
        let stream = try openBook(context, inMemory: inMemory)
        let lexiconSet = try loading.wait(context)
        return lexiconSet.isEmpty ? stream : PronouncingPageStream(stream, lexicons: lexiconSet)
    }

    private func openBook(_ context: CommandContext, inMemory: Bool) throws -> any PageStream {
        let fileName = path == "-" ? nil : path
        let warnings = context.warnings(about: path)
        do {
            if inMemory || path == "-" {
                let source = MemoryByteSource(try InputFile.read(path))
                return try BookImporter.open(source, fileName: fileName, options: importOptions, warnings: warnings)
            }
            try InputFile.checkReadable(path)
            let source: FileByteSource
            do { source = try FileByteSource(path: path) } catch { throw Failure(path, error.description) }
            return try BookImporter.open(source, fileName: fileName, options: importOptions, warnings: warnings)
        } catch let error as ImportError {
            throw Self.failure(error, path: path)
        }
    }

    /// The failure for an import error, with what the user can do about a
    /// size limit.
    static func failure(_ error: ImportError, path: String) -> Failure {
        guard case .tooLarge = error else { return Failure(path, error.description) }
        return Failure(path, error.description + "; if the book is genuine, raise the limit with --zip-limit MB")
    }

    /// Reads the whole book: the stream of ``open(_:inMemory:)``, drained.
    func load(_ context: CommandContext) throws -> Book {
        let stream = try open(context, inMemory: true)
        let book: Book
        do { book = try BookImporter.drain(stream) } catch { throw Self.failure(error, path: path) }
        try context.checkStrict()
        return book
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
