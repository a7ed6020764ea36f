import Rendering
import BookModel
import Foundation

/// The `narrate` command: dispatches to a subcommand and turns errors into
/// one line on standard error and an exit status (0 ok, 1 bad input, 64 bad
/// usage).
enum Narrate {
    static let version = NarrateVersion.current

    /// Every subcommand, in the order `--help` lists them.
    nonisolated(unsafe) static let commands: [any Command.Type] = [
        ImportCommand.self, InfoCommand.self, DumpCommand.self, SpeakCommand.self, AlignCommand.self, ReadCommand.self, WordsCommand.self,
        VoicesCommand.self,
        CompletionsCommand.self, HelpCommand.self,
    ]

    /// What narrate does, for `--help` and the man page.
    static let summary = """
        narrate turns e-books into narration: it imports EPUB, FB2, HTML, DOCX, ODT,
        MOBI/AZW3, Markdown, PDF, plain text and narrated-book plists into pages of
        utterances with prosody, and exports plists and EPUB 3.
        """

    /// The options `narrate` takes before a command.
    static let options: [OptionSpec] = [
        OptionSpec("help", short: "h", help: "Show this help (narrate COMMAND --help for a command's)."),
        OptionSpec("version", help: "Show the version, and those of the libraries narrate uses."),
    ]

    /// Commands narrate runs itself and never lists: the audiobook writer's
    /// render worker.
    nonisolated(unsafe) static let internalCommands: [any Command.Type] = [RenderCommand.self]

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name } ?? internalCommands.first { $0.name == name }
    }

    static var helpText: String {
        let names = commands.map { $0.name }
        let width = (names.map { $0.count }.max() ?? 0) + 2
        var list: [String] = []
        for command in commands {
            list.append("  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.abstract)
        }
        let commandList = list.joined(separator: "\n")
        let optionWidth = (options.map(\.synopsis.count).max() ?? 0) + 2
        let optionList = options.map { "  " + $0.synopsis.padding(toLength: optionWidth, withPad: " ", startingAt: 0) + $0.help }
            .joined(separator: "\n")
        return """
            \(summary)

            Usage: narrate COMMAND [options]

            Commands:
            \(commandList)

            Options:
            \(optionList)

            The manual: man narrate (or narrate help --man | man -l -).

            """
    }

    static func suggestion(for name: String) -> String {
        let close = commands.map { $0.name }.filter { $0.editDistance(to: name) <= 2 || $0.hasPrefix(name) }
        return close.isEmpty ? "" : " (did you mean '\(close[0])'?)"
    }

    /// Runs the command line and returns the exit status.
    static func main(_ arguments: [String], context: CommandContext = CommandContext()) -> Int32 {
        guard let first = arguments.first else {
            context.printError("narrate: missing COMMAND\nUsage: narrate COMMAND [options]; narrate --help lists the commands")
            return 64
        }
        switch first {
        case "-h", "--help":
            context.print(helpText)
            return 0
        case "--version":
            context.print(VersionReport.text(environment: ProcessInfo.processInfo.environment))
            return 0
        default:
            guard let type = command(named: first) else {
                context.printError("narrate: unknown command '\(first)'\(suggestion(for: first))\nUsage: narrate COMMAND [options]; narrate --help lists the commands")
                return 64
            }
            return run(type, Array(arguments.dropFirst()), context)
        }
    }

    private static func run(_ type: any Command.Type, _ arguments: [String], _ context: CommandContext) -> Int32 {
        do {
            let parsed = try ParsedArguments(arguments, options: type.allOptions)
            if parsed.flag("help") {
                context.print(type.helpText)
                return 0
            }
            try type.init(parsed).run(context)
            return 0
        } catch let error as UsageError {
            context.printError("narrate: \(error)\nUsage: \(type.usage) (narrate \(type.name) --help for more)")
            return 64
        } catch let error as Interrupted {
            return 128 + error.signal
        } catch let error as Failure {
            context.printError(error.description)
            return 1
        } catch {
            context.printError("narrate: \(error)")
            return 1
        }
    }
}
