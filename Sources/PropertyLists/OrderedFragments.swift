import Dispatch
import Foundation

/// Renders independent items on every core and hands each rendering to a
/// ``ByteSink`` in item order as soon as it and all before it are ready, so
/// writing overlaps rendering. A buffer, once written, is used again for a
/// later item, so pages in flight (not the whole book) decide the memory
/// touched.
package final class OrderedFragments: @unchecked Sendable {
    /// Guards everything below except `sink`, which only the thread that set
    /// `isWriting` touches.
    private let lock = NSLock()
    private(set) var sink: ByteSink
    /// Renderings not written yet, and the items that failed to render.
    private var rendered: [Int: [UInt8]] = [:]
    private var renderErrors: [Int: any Error] = [:]
    private var next = 0
    private var isWriting = false
    private var spareBuffers: [[UInt8]] = []
    /// The first error in item order (rendering or writing); nothing is
    /// written after it.
    private(set) var failure: (any Error)?

    package init(sink: ByteSink) {
        self.sink = sink
    }

    /// Renders `items` (their indices counted from `firstIndex`) with
    /// `render`, which takes over the storage of the buffer it is given and
    /// returns the bytes it wrote.
    package func render<Item>(
        _ items: ArraySlice<Item>, firstIndex: Int, _ render: (inout [UInt8], Item) throws -> [UInt8]
    ) {
        withoutActuallyEscaping(render) { render in
            // Each iteration reads its own item; shared state goes through the lock.
            nonisolated(unsafe) let (items, render) = (items, render)
            DispatchQueue.concurrentPerform(iterations: items.count) { offset in
                var buffer = takeSpareBuffer()
                var rendering: [UInt8] = []
                var error: (any Error)?
                do { rendering = try render(&buffer, items[items.startIndex + offset]) } catch let failure { error = failure }
                finish(firstIndex + offset, rendering: &rendering, error: error)
            }
        }
    }

    private func takeSpareBuffer() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return spareBuffers.popLast() ?? []
    }

    /// Records item `index`'s rendering (taken out of `rendering`, so the
    /// table holds its only reference) or its error, then, unless another
    /// thread is at it, writes every rendering that is next in order.
    private func finish(_ index: Int, rendering: inout [UInt8], error: (any Error)?) {
        lock.lock()
        if let error { renderErrors[index] = error } else { rendered[index] = rendering }
        rendering = []
        guard !isWriting else { return lock.unlock() }
        isWriting = true
        while failure == nil {
            if let error = renderErrors.removeValue(forKey: next) {
                failure = error
                break
            }
            // Taken out of the table, so `bytes` holds the only reference and
            // its storage can be reused without a copy.
            guard let bytes = rendered.removeValue(forKey: next) else { break }
            next += 1
            lock.unlock()
            var writeError: (any Error)?
            do { try sink.append(finished: bytes) } catch { writeError = error }
            lock.lock()
            failure = writeError
            spareBuffers.append(bytes)
        }
        isWriting = false
        lock.unlock()
    }
}
