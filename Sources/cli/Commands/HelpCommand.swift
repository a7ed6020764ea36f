/// `narrate help [COMMAND]`.
struct HelpCommand: Command {
    static let name = "help"
    static let abstract = "Show help for narrate or one of its commands."
    static let operandsUsage = "[COMMAND]"
    static let options: [OptionSpec] = []

    var topic: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.operands.count <= 1 else { throw UsageError("help takes at most one COMMAND") }
        topic = arguments.operands.first
        if let topic, Narrate.command(named: topic) == nil {
            throw UsageError("unknown command '\(topic)'" + Narrate.suggestion(for: topic))
        }
    }

    func run(_ context: CommandContext) throws {
        guard let topic, let command = Narrate.command(named: topic) else {
            context.print(Narrate.helpText)
            return
        }
        context.print(command.helpText)
    }
}
