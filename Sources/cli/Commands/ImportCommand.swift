import Rendering
import BookModel
import PropertyLists
import Foundation
import Exporters
import Importers

/// `narrate import`: any supported book in, a narrated-book plist out.
struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "Convert a book (EPUB, plain text or narrated-book plist) into a narrated-book plist."
    static let operandsUsage = "INPUT"
    static let options: [OptionSpec] =
        [
            OptionSpec("output", short: "o", value: "FILE", help: "Where to write; - for standard output. Default: INPUT's base name + .plist here."),
            OptionSpec("format", value: "FORMAT", values: .choices(PropertyListFormat.self), help: "Output format: xml (default), binary or json."),
            OptionSpec("force", short: "f", help: "Overwrite OUTPUT if it exists."),
            OptionSpec("extract-images", value: "DIR", help: "EPUB: write each page's background image into DIR."),
        ] + BookInput.options
    static let discussion = """
        The input's format is recognised from its content. INPUT - reads standard input
        (and writes standard output unless -o is given). The output is written to a
        temporary file and moved into place only when complete; an existing file is
        never replaced without --force.

        Examples:
          narrate import story.epub
          narrate import story.txt --split word -o story.plist
          narrate import book.plist --format binary -o book.bplist
        """

    var input: BookInput
    var output: String
    var format: PropertyListFormat
    var force: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let path = try BookInput.singleOperand(arguments)
        input = try BookInput(path: path, arguments)
        input.importOptions.extractImagesTo = arguments.value("extract-images")
        format = try arguments.choice("format", as: PropertyListFormat.self) ?? .xml
        force = arguments.flag("force")
        output = arguments.value("output") ?? Self.defaultOutput(for: path)
    }

    /// INPUT's base name with `.plist` (`.json` for JSON), in the current
    /// directory; standard output for standard input.
    static func defaultOutput(for input: String) -> String {
        guard input != "-" else { return "-" }
        let base = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        return base + ".plist"
    }

    func run(_ context: CommandContext) throws {
        if output == "-", format == .binary, context.stdoutIsTerminal {
            throw UsageError("refusing to write a binary plist to a terminal; use -o FILE or redirect the output")
        }
        let destination = try OutputFile(output, force: force, input: input.path)
        let book = try input.load(context)
        let sink = ByteSink { bytes in try destination.write(bytes) }
        do {
            try NarratedPlistWriter.write(book, format: format, to: sink)
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(output, "\(error)")
        }
        try destination.commit()
    }
}
