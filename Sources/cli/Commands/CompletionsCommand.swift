import Rendering

/// `narrate completions SHELL`: a completion script for bash, zsh or fish.
struct CompletionsCommand: Command {
    static let name = "completions"
    static let abstract = "Print a shell completion script for bash, zsh or fish."
    static let operandsUsage = "SHELL"
    static let options: [OptionSpec] = []
    static let operandValues: OptionValues? = .choices(CompletionShell.self)
    static let discussion = """
        The script completes commands, options, option values (--split, --prosody,
        --format, voices from narrate voices) and the names of the files narrate reads.
        scripts/install and the Debian package put it in place; the examples below put
        it where each shell looks for it.

        Examples:
          narrate completions bash > ~/.local/share/bash-completion/completions/narrate
          narrate completions zsh > ~/.zfunc/_narrate   # with fpath+=(~/.zfunc) before compinit
          narrate completions fish > ~/.config/fish/completions/narrate.fish
        """

    var shell: CompletionShell

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.operands.count == 1 else {
            throw UsageError("expected one SHELL (bash, zsh or fish), found \(arguments.operands.count)")
        }
        guard let shell = CompletionShell(rawValue: arguments.operands[0]) else {
            throw UsageError("SHELL: '\(arguments.operands[0])' is not one of bash, zsh, fish")
        }
        self.shell = shell
    }

    func run(_ context: CommandContext) throws {
        context.print(shell.script())
    }
}
