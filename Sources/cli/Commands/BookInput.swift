import BookModel
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
        OptionSpec("strict", help: "Treat warnings as errors."),
        OptionSpec("quiet", short: "q", help: "Do not print warnings."),
    ]

    /// The input path, `-` for standard input.
    var path: String
    var importOptions = ImportOptions()
    var strict = false
    var quiet = false

    init(path: String, _ arguments: ParsedArguments) throws(UsageError) {
        self.path = path
        if let split = try arguments.choice("split", as: Granularity.self) { importOptions.granularity = split }
        if let prosody = try arguments.choice("prosody", as: ProsodyProfile.self) { importOptions.prosody = prosody }
        importOptions.includeNonlinear = arguments.flag("include-nonlinear")
        importOptions.speakAltText = arguments.flag("alt-text")
        strict = arguments.flag("strict")
        quiet = arguments.flag("quiet")
    }

    /// The one operand a book command takes.
    static func singleOperand(_ arguments: ParsedArguments) throws(UsageError) -> String {
        switch arguments.operands.count {
        case 0: throw UsageError("missing INPUT (a file, or - for standard input)")
        case 1: return arguments.operands[0]
        default: throw UsageError("expected one INPUT, found \(arguments.operands.count): \(arguments.operands.joined(separator: " "))")
        }
    }

    /// Reads and imports the book, reporting warnings through `context`.
    func load(_ context: CommandContext) throws -> Book {
        context.strict = strict
        context.quiet = quiet
        let result: ImportResult
        let bytes = try InputFile.read(path)
        do {
            result = try BookImporter.importBook(
                bytes: consume bytes, fileName: path == "-" ? nil : path, options: importOptions)
        } catch {
            throw Failure(path, error.description)
        }
        try context.warn(result.warnings, file: path)
        return result.book
    }
}

extension BookInput {
    /// A book ready to be spoken: whole, or read page by page.
    enum OpenedBook {
        case whole(Book)
        case stream(any PageStream)
    }

    /// Opens the book for speaking: a plain-text, EPUB, XML or binary plist
    /// file is read page by page as it is spoken, so memory does not grow
    /// with its length; standard input and JSON plists are imported whole. Reports the
    /// warnings known before the first page through `context`.
    func open(_ context: CommandContext) throws -> OpenedBook {
        guard path != "-" else { return .whole(try load(context)) }
        context.strict = strict
        context.quiet = quiet
        try InputFile.checkReadable(path)
        do {
            let source = try FileByteSource(path: path)
            let format = InputFormat.sniff(try source.read(at: 0, count: 512), fileName: path)
            guard format != .jsonPropertyList else { return .whole(try load(context)) }
            let stream = try BookImporter.pageStream(source: source, fileName: path, options: importOptions)
            try context.warn(stream.takeWarnings(), file: path)
            return .stream(stream)
        } catch let error as ImportError {
            throw Failure(path, error.description)
        }
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
