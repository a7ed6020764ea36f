import Narrator

/// What a render needs of the process that runs it: where messages go,
/// the narrate executable that runs the workers, whether to stop, and a
/// progress display. The command line makes it; tests make their own.
public struct RenderHost {
    public var context: CommandContext
    /// The narrate executable the workers run (`narrate _render`).
    public var program: String
    /// Polled about every 20 ms; true stops the render (Ctrl-C).
    public var shouldStop: () -> Bool
    /// Shows progress; nil for none.
    public var progress: (any ProgressDisplay)?

    public init(context: CommandContext, program: String, shouldStop: @escaping () -> Bool, progress: (any ProgressDisplay)?) {
        self.context = context
        self.program = program
        self.shouldStop = shouldStop
        self.progress = progress
    }
}

/// A display of how far a render has come (the terminal's progress line).
public protocol ProgressDisplay: AnyObject {
    func progressed(_ progress: NarrationProgress)
    /// Clears the display.
    func finish()
}
