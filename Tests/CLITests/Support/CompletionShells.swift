import Foundation
import TestSupport

/// Loads the completion scripts `narrate completions` prints into bash, zsh
/// and fish, and asks each shell what it completes for a command line.
struct CompletionShells {
    /// The test's folder: the scripts, a home for the shells, and the
    /// directory completions are asked in.
    let folder: URL
    /// Where the command line is completed (file names are offered from here).
    let workingDirectory: URL

    /// Writes the three scripts into a new folder.
    init(workingDirectory: URL) throws {
        folder = try NarrateProcess.temporaryDirectory()
        self.workingDirectory = workingDirectory
        let zshFunctions = folder.appendingPathComponent("zsh")
        try FileManager.default.createDirectory(at: zshFunctions, withIntermediateDirectories: true)
        for (shell, name) in [("bash", "narrate.bash"), ("zsh", "zsh/_narrate"), ("fish", "narrate.fish")] {
            let script = try NarrateProcess.run(["completions", shell])
            guard script.status == 0 else { throw CompletionShellError("narrate completions \(shell): \(script.stderr)") }
            try script.stdout.write(to: folder.appendingPathComponent(name))
        }
        try Self.zshDriver.write(to: folder.appendingPathComponent("complete.zsh"), atomically: true, encoding: .utf8)
    }

    /// The shells' environment: narrate on the PATH (the scripts run
    /// `narrate voices`), and a home of their own.
    var environment: [String: String] {
        [
            "PATH": NarrateBinary.executable.deletingLastPathComponent().path + ":/usr/bin:/bin",
            "HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data",
            "LANG": "C.UTF-8", "TERM": "dumb",
        ]
    }

    /// What the shell offers for `line` (`narrate import --fo`, or with a
    /// trailing space for a new word), directories without their slash and
    /// values without the `--option=` some shells repeat.
    func complete(_ line: String, in shell: String) throws -> [String] {
        let run: NarrateRun
        switch shell {
        case "bash": run = try bash(line)
        case "zsh": run = try shellRun("zsh", ["-f", path("complete.zsh"), path("zsh"), line])
        default: run = try shellRun("fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", path("narrate.fish"), line])
        }
        guard run.status == 0 else { throw CompletionShellError("\(shell) exited \(run.status): \(run.stderr)") }
        return run.stdoutText.split(separator: "\n").map { line in
            var word = String(line.prefix { $0 != "\t" })
            if word.count > 1, word.hasSuffix("/") { word.removeLast() }
            if word.hasPrefix("-"), let equals = word.firstIndex(of: "=") { word = String(word[word.index(after: equals)...]) }
            return word
        }
    }

    /// bash: sources the script, sets `COMP_WORDS` and `COMP_CWORD` as
    /// readline would (splitting at spaces and around `=`), calls `_narrate`
    /// and prints `COMPREPLY`.
    private func bash(_ line: String) throws -> NarrateRun {
        var words = line.replacingOccurrences(of: "=", with: " = ")
            .split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        words[0] = NarrateBinary.executable.path
        let program = """
            source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _narrate
            ((${#COMPREPLY[@]} == 0)) || printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try shellRun("bash", ["--norc", "--noprofile", "-c", program, "bash", path("narrate.bash")] + words)
    }

    /// Runs a shell with a time limit, so that a stuck completion fails the test.
    func shellRun(_ shell: String, _ arguments: [String]) throws -> NarrateRun {
        try NarrateProcess.run(
            program: URL(fileURLWithPath: "/usr/bin/timeout"), ["30", shell] + arguments, in: workingDirectory,
            environment: environment)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Drives an interactive zsh in a pseudo-terminal (zsh/zpty): loads
    /// compinit with the script's folder first in `fpath`, replaces
    /// `compadd` with one that prints each match, types the line and the
    /// completion key, and prints the matches, one a line (the matches are
    /// added too, so that `_files` tries its next patterns only when the
    /// first found nothing, as it does for a user).
    /// Arguments: the folder holding `_narrate`, the command line.
    private static let zshDriver = #"""
        zmodload zsh/zpty
        zpty z zsh -f -i
        zpty -w z "PROMPT=''; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D"
        zpty -w z 'compadd () { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi; typeset -a __hits; builtin compadd -A __hits "$@"; (( $#__hits )) || return 1; local h; for h in $__hits; do print -r -- "<h""it>$h"; done; builtin compadd "$@"; }'
        zpty -w z "zstyle ':completion:*' list-prompt ''; zstyle ':completion:*' insert-tab false"
        zpty -w z 'zle -C capture-complete complete-word _main_complete; bindkey "^G" capture-complete; finish() { print -r -- "<do""ne>"; }; zle -N finish; bindkey "^Y" finish'
        zpty -n -w z "$2"$'\C-G\C-Y'
        local line out
        while zpty -r z line; do
            out+=$line
            [[ $line == *'<done>'* ]] && break
        done
        local -a hits=(${(M)${(f)out//$'\r'/}:#*<hit>*})
        (( $#hits )) && print -rl -- ${(u)hits#*<hit>}
        zpty -d z
        """#
}

struct CompletionShellError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
