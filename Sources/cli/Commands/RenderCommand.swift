import Foundation
import Rendering

/// `narrate _render ORDER CHUNK`: the worker `narrate speak` starts, one per
/// core, to render one chunk of the job in the render order ORDER (see
/// ``RenderWorker``). Not listed in help: its command line is narrate's
/// own business.
struct RenderCommand: Command {
    static let name = "_render"
    static let abstract = "Internal: render one chunk of a render order as raw samples, marks and messages."
    static let operandsUsage = "ORDER CHUNK"
    static let options: [OptionSpec] = []

    var orderPath: String
    var chunk: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.operands.count == 2, let chunk = Int(arguments.operands[1]), chunk >= 0 else {
            throw UsageError("expected a render order file and a chunk number")
        }
        orderPath = arguments.operands[0]
        self.chunk = chunk
    }

    func run(_ context: CommandContext) throws {
        try RenderWorker(orderPath: orderPath, chunk: chunk).run(context, shouldStop: { false })
    }
}
