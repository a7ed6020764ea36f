import Dispatch
import Foundation

/// Work spread over the cores that are free to take it, for loops that may
/// run inside other concurrent loops: there Dispatch gives a nested
/// `concurrentPerform` a single thread, so one long item keeps its core
/// busy while the others, done with their own, wait. Here the calling
/// thread runs iterations one after another, and threads of the pool that
/// come free take the next ones.
package enum SharedWork {
    /// Runs `body` once for each of `0..<iterations`, on the calling thread
    /// and on free threads of the pool, and returns when all have run.
    /// `body` must not touch shared mutable state except its own iteration's.
    ///
    /// The caller never waits for a helper that has not started (on a busy
    /// pool it may start late, or only after the caller has done all the
    /// work), only for iterations a helper has taken and not finished.
    package static func perform(iterations: Int, _ body: (Int) -> Void) {
        perform(iterations: iterations, helpers: ProcessInfo.processInfo.activeProcessorCount - 1, body) {
            DispatchQueue.global().async(execute: $0)
        }
    }

    /// ``perform(iterations:_:)`` with at most `helpers` helpers, each
    /// started by `start` (which may run it at any time, or never).
    static func perform(
        iterations: Int, helpers: Int, _ body: (Int) -> Void, start: (@escaping @Sendable () -> Void) -> Void
    ) {
        let helpers = min(iterations - 1, helpers)
        guard helpers > 0 else {
            for index in 0..<iterations { body(index) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let job = Job(body)
            let claims = Claims(count: iterations, job: Unmanaged.passUnretained(job))
            for _ in 0..<helpers { start { claims.runClaimed() } }
            claims.runClaimed()
            claims.waitForTaken()
            withExtendedLifetime(job) {}  // released here, with no helper left holding `body`
        }
    }

    /// The loop's body, held by the calling thread alone; helpers reach it
    /// unretained, and only while they run an iteration they took.
    private final class Job {
        let body: (Int) -> Void
        init(_ body: @escaping (Int) -> Void) { self.body = body }
    }

    /// Hands out the indices `0..<count` once each, to any thread, runs the
    /// job on each, and counts those done.
    private final class Claims: @unchecked Sendable {
        private let condition = NSCondition()
        private var claimed = 0
        private var done = 0
        private let count: Int
        private let job: Unmanaged<Job>

        init(count: Int, job: Unmanaged<Job>) {
            self.count = count
            self.job = job
        }

        /// Runs the job on unclaimed indices until none is left.
        func runClaimed() {
            while true {
                condition.lock()
                guard claimed < count else { return condition.unlock() }
                claimed += 1
                let index = claimed - 1
                condition.unlock()
                job._withUnsafeGuaranteedRef { $0.body(index) }
                condition.lock()
                done += 1
                if done == count { condition.broadcast() }
                condition.unlock()
            }
        }

        /// Waits until every index is done (all are taken when the caller
        /// asks: it ran until none was left).
        func waitForTaken() {
            condition.lock()
            while done < count { condition.wait() }
            condition.unlock()
        }
    }
}
