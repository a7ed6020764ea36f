import Rendering
import BookModel
import PropertyLists
import Foundation
import Exporters
import Importers

/// `narrate import`: any supported book in, a narrated-book plist or an
/// EPUB 3 book out.
struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "Convert a book (EPUB, FB2, HTML, DOCX, ODT, MOBI, Markdown, PDF, text or plist) into a narrated-book plist or an EPUB 3."
    static let operandsUsage = "INPUT"
    static let options: [OptionSpec] =
        [
            OptionSpec("output", short: "o", value: "FILE", values: .files(extensions: ["plist", "bplist", "json", "epub"]), help: "Where to write; - for standard output; a name ending in .epub writes an EPUB, .json a JSON plist, .bplist a binary one. Default: INPUT's base name + .plist (.json, .epub) here."),
            OptionSpec("format", value: "FORMAT", values: .choices(ImportFormat.self), help: "Output format: xml, binary or json plist, or epub (EPUB 3 with no audio). Default: as -o's name says, else xml."),
            OptionSpec("force", short: "f", help: "Overwrite OUTPUT if it exists."),
            OptionSpec("extract-images", value: "DIR", help: "EPUB: write each page's background image into DIR."),
            OptionSpec("no-notes", help: "EPUB output: leave the notes out (a conversion to EPUB reads them unless told not to)."),
        ] + BookInput.options
    static let discussion = """
        The input's format is recognised from its content. INPUT - reads standard input
        (and writes standard output unless -o is given). The output is written to a
        temporary file and moved into place only when complete; an existing file is
        never replaced without --force.

        With --format epub (or an OUTPUT ending in .epub) the book is written as an
        EPUB 3 with no audio: one XHTML document per page (its title as heading
        when the text starts with it), paragraphs as imported, a table of contents
        of the titled pages, the book's metadata (a urn:uuid derived from the text
        when it has no identifier), its cover and page pictures. A conversion keeps
        the book's notes: an EPUB output reads them as --notes does (--no-notes
        leaves them out) and marks them as EPUB notes, a notes page as
        <section epub:type="endnotes">, footnotes at the end of their chapter as
        such a section there.

        Examples:
          narrate import story.epub
          narrate import story.txt --split word -o story.plist
          narrate import book.plist --format binary -o book.bplist
          narrate import book.fb2 -o book.epub
        """

    var input: BookInput
    var output: String
    var format: ImportFormat
    var force: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let path = try BookInput.singleOperand(arguments)
        input = try BookInput(path: path, arguments)
        input.importOptions.extractImagesTo = arguments.value("extract-images")
        format = try arguments.choice("format", as: ImportFormat.self) ?? ImportFormat.implied(by: arguments.value("output"))
        force = arguments.flag("force")
        input.importOptions.readsNotes = try Self.readsNotes(arguments, format: format)
        output = arguments.value("output") ?? Self.defaultOutput(for: path, format: format)
    }

    /// Whether notes are read: with `--notes`, and for an EPUB output unless
    /// `--no-notes` (a converter does not drop a book's notes).
    static func readsNotes(_ arguments: ParsedArguments, format: ImportFormat) throws(UsageError) -> Bool {
        let (notes, noNotes) = (arguments.flag("notes"), arguments.flag("no-notes"))
        if notes, noNotes { throw UsageError("--notes and --no-notes cannot be given together") }
        return notes || (format == .epub && !noNotes)
    }

    /// INPUT's base name with the format's extension (``ImportFormat/defaultExtension``), in the current
    /// directory; standard output for standard input.
    static func defaultOutput(for input: String, format: ImportFormat) -> String {
        guard input != "-" else { return "-" }
        let base = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        return base + format.defaultExtension
    }

    func run(_ context: CommandContext) throws {
        if output == "-", format == .binary || format == .epub, context.stdoutIsTerminal {
            let what = format == .epub ? "an EPUB" : "a binary plist"
            throw UsageError("refusing to write \(what) to a terminal; use -o FILE or redirect the output")
        }
        let destination = try OutputFile(output, force: force, input: input.path)
        guard let plist = format.plist else { return try writeEPUB(to: destination, context) }
        let book = try input.load(context)
        let sink = ByteSink { bytes in try destination.write(bytes) }
        do {
            try NarratedPlistWriter.write(book, format: plist, to: sink)
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(destination.subject, "\(error)")
        }
        try destination.commit()
        KeptUntilExit.keep(book)
    }

    /// Writes the book as an EPUB 3 (see ``EPUBExport``).
    private func writeEPUB(to destination: OutputFile, _ context: CommandContext) throws {
        let stream = try input.open(context, inMemory: true)
        let book = try BookOpener.drain(stream, request: input.request, context: context)
        try EPUBExport(book: book, stream: stream, input: input.path, context: context).write(to: destination)
        try context.checkStrict()  // a picture left out is a warning too
        try destination.commit()
    }
}
