import Dispatch
import Synchronization

/// Two independent jobs run at once, each on its own core: the reference
/// speech and the recording's decoding of an alignment. When one fails the
/// other is asked to stop, and the failure is what is thrown.
enum SideBySide {
    /// Runs `first` and `second` together; each gets a `shouldStop` that
    /// is true once `shouldStop` is or the other job has failed.
    /// - Throws: the first job's error, else the second's.
    static func run<A, B>(
        shouldStop: @escaping () -> Bool, _ first: (@escaping () -> Bool) throws -> A, and second: (@escaping () -> Bool) throws -> B
    ) throws -> (A, B) {
        let failed = Failed()
        let stop = { shouldStop() || failed.flag.load(ordering: .relaxed) }
        nonisolated(unsafe) var firstResult: Result<A, any Error>?
        nonisolated(unsafe) var secondResult: Result<B, any Error>?
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                // Each iteration writes only its own result.
                nonisolated(unsafe) let (jobA, jobB, stopping) = (first, second, stop)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        firstResult = Result { try jobA(stopping) }
                        if case .failure = firstResult { failed.flag.store(true, ordering: .relaxed) }
                    } else {
                        secondResult = Result { try jobB(stopping) }
                        if case .failure = secondResult { failed.flag.store(true, ordering: .relaxed) }
                    }
                }
            }
        }
        switch (firstResult, secondResult) {
        case (.success(let a)?, .success(let b)?): return (a, b)
        case (.failure(let error)?, .failure(let other)?): throw error is Interrupted ? other : error
        case (.failure(let error)?, _), (_, .failure(let error)?): throw error
        default: throw Failure(nil, "an alignment stage did not run")
        }
    }

    /// Whether either job has failed.
    private final class Failed: Sendable {
        let flag = Atomic<Bool>(false)
    }
}
