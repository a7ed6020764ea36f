import BookModel
import Foundation
import Narrator

/// `narrate _render`: the worker `narrate speak` starts, one per core, to
/// render a page range of a book as raw 16-bit samples plus a marks file
/// (page starts, utterance timings) while the parent encodes. Not listed in
/// help: its command line is narrate's own business.
struct RenderCommand: Command {
    static let name = "_render"
    static let abstract = "Internal: render pages as raw samples and marks for narrate speak's audiobook writer."
    static let operandsUsage = "INPUT"
    static let options: [OptionSpec] =
        [
            OptionSpec("audio", value: "FILE", help: "Write 16-bit mono samples (no header) here."),
            OptionSpec("marks", value: "FILE", help: "Write page starts and utterance timings here, one JSON object a line."),
        ] + NarrationArguments.options + BookInput.options

    var input: BookInput
    var audio: String
    var marks: String
    var options: NarrationOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = try BookInput(path: try BookInput.singleOperand(arguments), arguments)
        guard let audio = arguments.value("audio"), let marks = arguments.value("marks") else {
            throw UsageError("--audio FILE and --marks FILE are required")
        }
        self.audio = audio
        self.marks = marks
        options = try NarrationArguments.parse(arguments)
    }

    func run(_ context: CommandContext) throws {
        let stream = try input.open(context, inMemory: false)
        // One ONNX Runtime thread per worker: there is a worker per core.
        let engine = try EngineChoice.open(options, threads: 1, warnings: context.warnings(about: input.path))
        let narrator: Narrator
        do {
            narrator = try Narrator(engine: engine, options: options, language: stream.metadata.language,
                warnings: context.warnings(about: input.path))
        } catch { throw Failure(input.path, error.description) }
        let descriptor = open(audio, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(audio, systemMessage(errno)) }
        defer { close(descriptor) }
        let marksWriter = try RenderMarksWriter(path: marks)
        let sink: WAVWriter
        do { sink = try WAVWriter(descriptor: descriptor, sampleRate: engine.sampleRate, writesHeader: false) } catch {
            throw Failure(audio, error.description)
        }
        do {
            _ = try narrator.narrate(stream, to: sink, observer: marksWriter, shouldStop: { context.strictFailure != nil })
        } catch {
            throw Failure(input.path, error.description)
        }
        try context.checkStrict()
        try marksWriter.finish()
    }
}
