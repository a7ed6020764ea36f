import Rendering

/// One command-line option: `--long`, optionally `-s`, with or without a value.
struct OptionSpec: Sendable {
    /// The long name without dashes: `output` for `--output`.
    var long: String
    /// The one-letter short name, if any: `o` for `-o`.
    var short: Character?
    /// The placeholder shown in help for an option that takes a value
    /// (`FILE`); nil for a flag.
    var valueName: String?
    /// One sentence for `--help`.
    var help: String
    /// What the value may be, for completions and the man page; nil for a
    /// flag or free text. Defaults to what `valueName` implies (`FILE`, `DIR`).
    var values: OptionValues?

    init(
        _ long: String, short: Character? = nil, value valueName: String? = nil, values: OptionValues? = nil,
        help: String
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
        self.values = values ?? OptionValues.implied(by: valueName)
    }

    var takesValue: Bool { valueName != nil }

    /// `-o, --output FILE`, as help lists it.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? "    "
        text += "--\(long)"
        if let valueName { text += " \(valueName)" }
        return text
    }

    static let help = OptionSpec("help", short: "h", help: "Show help for this command.")
}

