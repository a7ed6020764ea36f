import Rendering

/// The shells `narrate completions` writes scripts for, each script made
/// from the same ``Command`` and ``OptionSpec`` descriptions as `--help`.
enum CompletionShell: String, CaseIterable {
    case bash, zsh, fish

    /// The completion script for `commands`.
    func script(for commands: [any Command.Type] = Narrate.commands) -> String {
        switch self {
        case .bash: BashCompletion.script(for: commands)
        case .zsh: ZshCompletion.script(for: commands)
        case .fish: FishCompletion.script(for: commands)
        }
    }
}

extension OptionSpec {
    /// `-o` and `--output`, or just `--format`.
    var spellings: [String] {
        (short.map { ["-\($0)"] } ?? []) + ["--\(long)"]
    }
}
