import Foundation
import Testing

@testable import BookModel

/// Counts how often each iteration ran, from any thread.
private final class RunCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int]

    init(_ count: Int) { counts = Array(repeating: 0, count: count) }

    func ran(_ index: Int) {
        lock.lock()
        counts[index] += 1
        lock.unlock()
    }

    var all: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}

/// Helpers handed to `start`, kept to be run later.
private final class HeldHelpers: @unchecked Sendable {
    private let lock = NSLock()
    private var helpers: [@Sendable () -> Void] = []

    func hold(_ helper: @escaping @Sendable () -> Void) {
        lock.lock()
        helpers.append(helper)
        lock.unlock()
    }

    func runAll() {
        lock.lock()
        let held = helpers
        lock.unlock()
        for helper in held { helper() }
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return helpers.count
    }
}

@Test func everyIterationRunsOnceWhenTheHelpersStartAtOnce() {
    let counts = RunCounts(500)
    SharedWork.perform(iterations: 500) { counts.ran($0) }
    #expect(counts.all == Array(repeating: 1, count: 500))
}

@Test func theCallerDoesNotWaitForHelpersThatHaveNotStarted() {
    // A pool with every thread busy starts the helpers late (here: after
    // the loop is over). The caller does all the work and returns; a late
    // helper finds nothing left and does nothing. Run on a thread of its
    // own, so that a caller that waited for them would fail the test (after
    // a minute: it would never return) instead of hanging the suite.
    let counts = RunCounts(40)
    let held = HeldHelpers()
    let returned = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        SharedWork.perform(iterations: 40, helpers: 3, { counts.ran($0) }, start: held.hold)
        returned.signal()
    }
    #expect(returned.wait(timeout: .now() + 60) == .success, "the caller waited for helpers that never started")
    #expect(held.count == 3)
    #expect(counts.all == Array(repeating: 1, count: 40))
    held.runAll()
    #expect(counts.all == Array(repeating: 1, count: 40))
}

@Test func helpersOnOtherThreadsTakeIterationsTheCallerHasNotReached() {
    let counts = RunCounts(64)
    let threads = RunCounts(2)
    let caller = pthread_self()
    SharedWork.perform(iterations: 64, helpers: 1, { index in
        threads.ran(pthread_equal(pthread_self(), caller) != 0 ? 0 : 1)
        usleep(1_000)
        counts.ran(index)
    }, start: { helper in Thread.detachNewThread(helper) })
    #expect(counts.all == Array(repeating: 1, count: 64))
    #expect(threads.all[1] > 0, "the helper thread took no iteration")
}

@Test func aSingleIterationOrNoneNeedsNoHelper() {
    let held = HeldHelpers()
    let counts = RunCounts(1)
    SharedWork.perform(iterations: 1, helpers: 4, { counts.ran($0) }, start: held.hold)
    SharedWork.perform(iterations: 0, helpers: 4, { counts.ran($0) }, start: held.hold)
    #expect(held.count == 0)
    #expect(counts.all == [1])
}
