/// Passes every narration report to several observers, in order.
public final class ObserverGroup: NarrationObserver {
    public let observers: [any NarrationObserver]

    public init(_ observers: [any NarrationObserver]) {
        self.observers = observers
    }

    public func pageStarted(_ page: Int, atSample sample: Int) {
        for observer in observers { observer.pageStarted(page, atSample: sample) }
    }

    public func utteranceSpoken(_ timing: UtteranceTiming) {
        for observer in observers { observer.utteranceSpoken(timing) }
    }

    public func progressed(_ progress: NarrationProgress) {
        for observer in observers { observer.progressed(progress) }
    }
}
