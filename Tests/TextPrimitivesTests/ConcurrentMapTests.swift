import Foundation
import Testing

@testable import TextPrimitives

@Test func theLargestFirstMapKeepsTheElementsOrder() {
    let words = (0..<200).map { String(repeating: "a", count: ($0 * 37) % 101) }
    #expect(words.concurrentMap(largestFirst: \.count) { $0.count } == words.map(\.count))
    #expect([String]().concurrentMap(largestFirst: \.count) { $0 } == [])
    #expect(["one"].concurrentMap(largestFirst: \.count) { $0.uppercased() } == ["ONE"])
}

@Test func theLargestFirstMapStartsWithTheCostliestElements() {
    let costs = [3, 90, 1, 7, 55, 2, 8, 13, 21, 34, 5, 4]
    let started = StartLog()
    _ = costs.concurrentMap(largestFirst: { $0 }) { cost in started.record(cost) }
    // The elements are taken costliest first; a core may log the one it took
    // after a core that took a later one, but only one per other core can
    // overtake it: the i-th logged is among the i + cores costliest.
    let byCost = costs.sorted(by: >)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    #expect(started.order.sorted() == costs.sorted())
    for (position, cost) in started.order.enumerated() {
        #expect(byCost.prefix(position + cores).contains(cost), "element \(cost) started at \(position)")
    }
}

/// The elements in the order they were started, from any thread.
private final class StartLog: @unchecked Sendable {
    private let lock = NSLock()
    private var started: [Int] = []

    func record(_ value: Int) {
        lock.lock()
        started.append(value)
        lock.unlock()
    }

    var order: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return started
    }
}

@Test func theSharedMapKeepsTheElementsOrderAloneAndInsideAConcurrentMap() {
    let words = (0..<300).map { String(repeating: "b", count: ($0 * 53) % 97) }
    #expect(words.sharedMap(\.count) == words.map(\.count))
    #expect([String]().sharedMap(\.count) == [])
    #expect(["two"].sharedMap { $0.uppercased() } == ["TWO"])
    let groups = (0..<6).map { group in (0..<(group * 40)).map { $0 * group } }
    let nested = groups.concurrentMap { group in group.sharedMap { $0 + 1 } }
    #expect(nested == groups.map { $0.map { $0 + 1 } })
}
