import Rendering
import BookModel
import Narrator

/// `narrate dump`: the book model as a tree, one line per page and utterance.
struct DumpCommand: Command {
    static let name = "dump"
    static let abstract = "Print a book as a tree of pages and utterances with their prosody."
    static let operandsUsage = "INPUT"
    static let options: [OptionSpec] = [
        OptionSpec(
            "spoken",
            help: "Also show the text handed to espeak-ng (numerals, Roman numerals and abbreviations as they are read) and the phonemes chosen for each word a lexicon or ssml:ph says."),
    ] + BookInput.options

    var input: BookInput
    var spoken: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = try BookInput(path: try BookInput.singleOperand(arguments), arguments, requiresText: false)
        spoken = arguments.flag("spoken")
    }

    func run(_ context: CommandContext) throws {
        let book = try input.load(context)
        guard spoken else { return context.print(BookDump.render(book)) }
        var cache: (page: [Utterance], spoken: [EngineText.Spoken])?
        context.print(BookDump.render(book) { utterances, index in
            if cache?.page != utterances {
                cache = (utterances, EngineText.spoken(utterances, language: book.metadata.language))
            }
            guard let spoken = cache?.spoken[index] else { return [] }
            return ["spoken: \(spoken.text.debugDescription)"]
                + spoken.choices.map { "\($0.covered.debugDescription) → \($0.said)" }
        })
    }
}
