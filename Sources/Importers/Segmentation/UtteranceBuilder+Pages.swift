import BookModel
import Dispatch

extension UtteranceBuilder {
    /// The utterances of several pages at once, built on every core: the same
    /// result as calling ``utterances(for:)`` page by page, in order.
    public func utterances(forPages pages: [[TextBlock]]) -> [[Utterance]] {
        guard pages.count > 1 else { return pages.map { utterances(for: $0) } }
        let slots = UnsafeMutableBufferPointer<[Utterance]>.allocate(capacity: pages.count)
        slots.initialize(repeating: [])
        defer {
            slots.deinitialize()
            slots.deallocate()
        }
        // Each iteration writes only its own slot.
        nonisolated(unsafe) let results = slots
        DispatchQueue.concurrentPerform(iterations: pages.count) { index in
            results[index] = utterances(for: pages[index])
        }
        return Array(slots)
    }
}
