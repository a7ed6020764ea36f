import BookModel
import Narrator

/// `narrate dump`: the book model as a tree, one line per page and utterance.
struct DumpCommand: Command {
    static let name = "dump"
    static let abstract = "Print a book as a tree of pages and utterances with their prosody."
    static var operandsUsage: String { "INPUT" }
    static let options: [OptionSpec] = [
        OptionSpec("spoken", help: "Also show, after each utterance, the exact text handed to the speech engine."),
    ] + BookInput.options

    var input: BookInput
    /// Show the engine's text of every utterance.
    var showsSpoken = false

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = try BookInput(path: try BookInput.singleOperand(arguments), arguments)
        showsSpoken = arguments.flag("spoken")
    }

    func run(_ context: CommandContext) throws {
        let book = try input.load(context)
        let language = book.metadata.language
        let spoken: ((Page) -> [String])? = showsSpoken ? { EngineTextPreview.texts(of: $0.utterances, language: language) } : nil
        context.print(BookDump.render(book, spoken: spoken))
    }
}
