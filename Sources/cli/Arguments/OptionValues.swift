import Rendering

/// What the value of an option, or a command's operand, may be: the
/// knowledge shell completions and the man page need beyond `--help`'s text.
enum OptionValues: Sendable, Equatable {
    /// One of these words: `--split word|sentence|paragraph`.
    case choices([String])
    /// A file name; only names ending in one of `extensions` (without the
    /// dot, any case) are offered, and directories to go into. Empty: any file.
    case files(extensions: [String])
    /// A directory.
    case directories
    /// A voice or language tag from `narrate voices`, asked when completing.
    case voices
    /// A `narrate` command name.
    case commands

    /// The books narrate reads: every format of the README's table, by the
    /// names such files carry.
    static let bookFiles = OptionValues.files(extensions: [
        "epub", "txt", "plist", "bplist", "json", "fb2", "zip", "html", "htm", "xhtml", "htmlz", "docx", "odt", "mobi", "azw3",
        "azw", "prc", "md", "markdown", "pdf",
    ])

    /// Any file.
    static let anyFile = OptionValues.files(extensions: [])

    /// The raw values of an enum the option is parsed as, in declaration
    /// order, so completions offer exactly what ``ParsedArguments/choice(_:as:)``
    /// accepts.
    static func choices<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> OptionValues where T.RawValue == String {
        .choices(type.allCases.map(\.rawValue))
    }

    /// What a value placeholder implies when an option says nothing more:
    /// `FILE` any file, `DIR` a directory, anything else free text (nil).
    static func implied(by valueName: String?) -> OptionValues? {
        switch valueName {
        case "FILE": anyFile
        case "DIR": directories
        default: nil
        }
    }
}
