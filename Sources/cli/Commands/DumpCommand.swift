import BookModel

/// `narrate dump`: the book model as a tree, one line per page and utterance.
struct DumpCommand: Command {
    static let name = "dump"
    static let abstract = "Print a book as a tree of pages and utterances with their prosody."
    static let operandsUsage = "INPUT"
    static let options = BookInput.options

    var input: BookInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = try BookInput(path: try BookInput.singleOperand(arguments), arguments)
    }

    func run(_ context: CommandContext) throws {
        context.print(BookDump.render(try input.load(context)))
    }
}
