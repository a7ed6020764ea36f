import Dispatch
import Foundation

/// Renders independent items on every core and hands each rendering to a
/// ``ByteSink`` in item order as soon as it and all before it are ready, so
/// writing overlaps rendering. A buffer, once written, is used again for a
/// later item, so pages in flight (not the whole book) decide the memory
/// touched.
final class OrderedFragments: @unchecked Sendable {
    /// Guards everything below except `sink`, which only the thread that set
    /// `isWriting` touches.
    private let lock = NSLock()
    private(set) var sink: ByteSink
    private var rendered: [Int: Result<[UInt8], any Error>] = [:]
    private var next = 0
    private var isWriting = false
    private var spareBuffers: [[UInt8]] = []
    /// The first error in item order (rendering or writing); nothing is
    /// written after it.
    private(set) var failure: (any Error)?

    init(sink: ByteSink) {
        self.sink = sink
    }

    /// Renders `items` (their indices counted from `firstIndex`) with
    /// `render`, which writes into the buffer it is given and returns it.
    func render<Item>(_ items: ArraySlice<Item>, firstIndex: Int, _ render: ([UInt8], Item) throws -> [UInt8]) {
        withoutActuallyEscaping(render) { render in
            // Each iteration reads its own item; shared state goes through the lock.
            nonisolated(unsafe) let (items, render) = (items, render)
            DispatchQueue.concurrentPerform(iterations: items.count) { offset in
                let buffer = takeSpareBuffer()
                let result = Result { try render(buffer, items[items.startIndex + offset]) }
                finish(firstIndex + offset, result)
            }
        }
    }

    private func takeSpareBuffer() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return spareBuffers.popLast() ?? []
    }

    /// Records item `index`'s rendering, then, unless another thread is at
    /// it, writes every rendering that is next in order.
    private func finish(_ index: Int, _ result: Result<[UInt8], any Error>) {
        lock.lock()
        rendered[index] = result
        guard !isWriting else { return lock.unlock() }
        isWriting = true
        while let result = rendered.removeValue(forKey: next) {
            next += 1
            guard failure == nil else { continue }
            lock.unlock()
            let outcome = Result { () throws -> [UInt8] in
                let bytes = try result.get()
                try sink.append(finished: bytes)
                return bytes
            }
            lock.lock()
            switch outcome {
            case .success(let bytes): spareBuffers.append(bytes)
            case .failure(let error): failure = error
            }
        }
        isWriting = false
        lock.unlock()
    }
}
