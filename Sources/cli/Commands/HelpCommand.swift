import Rendering

/// `narrate help [COMMAND]`, and `narrate help --man` for the manual page.
struct HelpCommand: Command {
    static let name = "help"
    static let abstract = "Show help for narrate or one of its commands."
    static let operandsUsage = "[COMMAND]"
    static let options: [OptionSpec] = [
        OptionSpec("man", help: "Print the manual page narrate(1) as man(7) source (read it with: man -l -)."),
    ]
    static let operandValues: OptionValues? = .commands

    var topic: String?
    var manual: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.operands.count <= 1 else { throw UsageError("help takes at most one COMMAND") }
        topic = arguments.operands.first
        manual = arguments.flag("man")
        if let topic, Narrate.command(named: topic) == nil {
            throw UsageError("unknown command '\(topic)'" + Narrate.suggestion(for: topic))
        }
        if manual, topic != nil { throw UsageError("--man prints the whole manual; give no COMMAND with it") }
    }

    func run(_ context: CommandContext) throws {
        if manual { return context.print(ManPage.render()) }
        guard let topic, let command = Narrate.command(named: topic) else {
            context.print(Narrate.helpText)
            return
        }
        context.print(command.helpText)
    }
}
