/// Where importers, page streams and the narrator report the problems that
/// do not stop their work, as they meet them. One sink is passed down from
/// the caller: the command line's prints them (or ends the run with
/// `--strict`); a test's collects them.
///
/// Used from one thread at a time, like the stream or narrator it is given to.
public final class WarningSink: @unchecked Sendable {
    private let report: (Warning) -> Void

    /// - Parameter report: called once per warning, in the order they are met.
    public init(_ report: @escaping (Warning) -> Void) {
        self.report = report
    }

    /// Reports one warning.
    public func warn(_ warning: Warning) {
        report(warning)
    }

    /// Reports a warning made of a message and a location.
    public func warn(_ message: String, at location: String? = nil) {
        report(Warning(message, at: location))
    }

    /// A sink that drops every warning.
    public static var ignoring: WarningSink { WarningSink { _ in } }
}

/// A ``WarningSink`` that keeps what it is told, for callers that want the
/// warnings as a list (a whole import's result, a test).
public final class WarningCollector: @unchecked Sendable {
    /// The warnings so far, in order.
    public private(set) var warnings: [Warning] = []

    public init() {}

    /// The sink that appends to ``warnings``.
    public lazy var sink = WarningSink { [unowned self] in warnings.append($0) }
}
