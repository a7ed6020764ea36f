import BookModel

/// `narrate dump`: the book model as a tree, one line per page and utterance.
struct DumpCommand: BookCommand {
    static let name = "dump"
    static let abstract = "Print a book as a tree of pages and utterances with their prosody."

    var input: BookInput

    func run(_ context: CommandContext) throws {
        context.print(BookDump.render(try input.load(context)))
    }
}
