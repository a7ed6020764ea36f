import Synchronization

/// A cancellation flag that another thread (or the command line's signal
/// handling) sets to stop a narration; pass `{ flag.isSet }` as the
/// narrator's `shouldStop`. Libraries never install signal handlers.
public final class StopFlag: Sendable {
    private let value = Atomic(false)

    public init() {}

    /// Asks the narration to stop.
    public func set() { value.store(true, ordering: .relaxed) }

    /// Whether a stop was asked for.
    public var isSet: Bool { value.load(ordering: .relaxed) }

    /// Clears the flag for the next narration.
    public func reset() { value.store(false, ordering: .relaxed) }
}
