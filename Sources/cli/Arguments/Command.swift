import Rendering

/// A `narrate` subcommand, in the shape of swift-argument-parser's: a name, a
/// one-line abstract, its options, a check of the parsed arguments (`init`),
/// and `run`.
protocol Command {
    /// The word after `narrate`: `import`.
    static var name: String { get }
    /// One line for `narrate --help`.
    static var abstract: String { get }
    /// Operands in the usage line: `INPUT`.
    static var operandsUsage: String { get }
    /// Paragraphs after the option list in `--help`; may be empty.
    static var discussion: String { get }
    /// The options this command accepts (`--help` is added for every command).
    static var options: [OptionSpec] { get }
    /// What the operands may be, for shell completions; nil for free text.
    static var operandValues: OptionValues? { get }

    /// Checks the arguments and builds the command.
    init(_ arguments: ParsedArguments) throws(UsageError)

    /// Does the work. Throws ``Failure`` (exit 1) for bad input and
    /// ``UsageError`` (exit 64) for mistakes found late.
    func run(_ context: CommandContext) throws
}

extension Command {
    static var discussion: String { "" }

    /// A book file when the usage names `INPUT`, else free text.
    static var operandValues: OptionValues? { operandsUsage.contains("INPUT") ? .bookFiles : nil }

    /// `narrate import INPUT [options]`
    static var usage: String {
        "narrate \(name)" + (operandsUsage.isEmpty ? "" : " \(operandsUsage)") + (options.isEmpty ? "" : " [options]")
    }

    static var allOptions: [OptionSpec] { options + [.help] }

    /// The full `--help` text.
    static var helpText: String {
        var text = "\(abstract)\n\nUsage: \(usage)\n"
        let width = (allOptions.map(\.synopsis.count).max() ?? 0) + 2
        if !allOptions.isEmpty { text += "\nOptions:\n" }
        for option in allOptions {
            text += "  " + option.synopsis.padding(toLength: width, withPad: " ", startingAt: 0) + option.help + "\n"
        }
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }
}

