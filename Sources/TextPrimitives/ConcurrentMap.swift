import Dispatch

extension Array {
    /// `map` run on every core: the same results, in the same order. For
    /// independent, CPU-bound work per element (parsing or segmenting one
    /// chapter); `transform` must not touch shared mutable state.
    package func concurrentMap<Result>(_ transform: (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            [Result](unsafeUninitializedCapacity: count) { buffer, initializedCount in
                // Each iteration reads its own element and initialises only its own slot.
                nonisolated(unsafe) let (elements, slots, work) = (self, buffer, transform)
                DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                    slots.initializeElement(at: index, to: work(elements[index]))
                }
                initializedCount = elements.count
            }
        }
    }
}
