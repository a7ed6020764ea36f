import BookModel
import Dispatch

extension Array {
    /// `map` run on every core: the same results, in the same order. For
    /// independent, CPU-bound work per element (parsing or segmenting one
    /// chapter); `transform` must not touch shared mutable state.
    package func concurrentMap<Result>(_ transform: (Element) -> Result) -> [Result] {
        concurrentMap(turns: nil, transform)
    }

    /// `concurrentMap` that starts the costliest elements first (by `cost`),
    /// so that no long one is left to run alone at the end while the other
    /// cores wait; the results are in the elements' order.
    package func concurrentMap<Result>(
        largestFirst cost: (Element) -> Int, _ transform: (Element) -> Result
    ) -> [Result] {
        guard count > 1 else { return map(transform) }
        return concurrentMap(turns: indices.sorted { cost(self[$0]) > cost(self[$1]) }, transform)
    }

    /// Maps the element at `turns[n]` (at `n` when nil) as the n-th task.
    private func concurrentMap<Result>(turns: [Int]?, _ transform: (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            [Result](unsafeUninitializedCapacity: count) { buffer, initializedCount in
                // Each iteration reads its own element and initialises only its own slot.
                nonisolated(unsafe) let (elements, slots, work) = (self, buffer, transform)
                DispatchQueue.concurrentPerform(iterations: elements.count) { turn in
                    let index = turns?[turn] ?? turn
                    slots.initializeElement(at: index, to: work(elements[index]))
                }
                initializedCount = elements.count
            }
        }
    }

    /// Runs `body` on consecutive parts of `chunk` elements, in place, the
    /// parts on every core when there are several; `body` may change only
    /// the elements of its part and must not touch shared mutable state.
    package mutating func concurrentUpdate(chunk: Int, _ body: (UnsafeMutableBufferPointer<Element>) -> Void) {
        withUnsafeMutableBufferPointer { buffer in
            guard buffer.count > chunk else { return body(buffer) }
            withoutActuallyEscaping(body) { body in
                // Each iteration changes only its own part.
                nonisolated(unsafe) let (elements, work) = (buffer, body)
                DispatchQueue.concurrentPerform(iterations: (elements.count + chunk - 1) / chunk) { index in
                    work(UnsafeMutableBufferPointer(rebasing: elements[(index * chunk)..<Swift.min(index * chunk + chunk, elements.count)]))
                }
            }
        }
    }
}

extension Array {
    /// `map` on every core free to help (``SharedWork``), for work that may
    /// itself run inside a ``concurrentMap(_:)``. The same results, in the
    /// same order.
    package func sharedMap<Result>(_ transform: (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            [Result](unsafeUninitializedCapacity: count) { buffer, initializedCount in
                // Each iteration reads its own element and initialises only its own slot.
                nonisolated(unsafe) let (elements, slots, work) = (self, buffer, transform)
                SharedWork.perform(iterations: elements.count) { index in
                    slots.initializeElement(at: index, to: work(elements[index]))
                }
                initializedCount = elements.count
            }
        }
    }
}
