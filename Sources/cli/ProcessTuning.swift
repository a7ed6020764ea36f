import CMalloc
import Glibc
import Synchronization

/// Process-wide settings made once at start, before any other thread runs.
/// Each was measured on the import of a novel (docs/performance.md,
/// "Start-up, system calls and the serial part").
enum ProcessTuning {
    static func apply() {
        // While TZ is unset, glibc checks /etc/localtime again on every
        // mktime, and libzip calls mktime for every entry of a zip it opens
        // (150 stat calls for a novel's two handles). Naming the same zone
        // once lets glibc keep it. Child processes see the same zone.
        if getenv("TZ") == nil { setenv("TZ", ":/etc/localtime", 0) }
        // A thread's heap grows 8 MB at a time rather than 128 KB: fewer
        // mprotect calls and page faults while pages are made. Pages never
        // touched take no memory.
        _ = mallopt(M_TOP_PAD, 8 << 20)
    }
}

/// Results kept until the process exits, so that the exit frees them
/// all at once: freeing a novel's book (6,000 utterances, each with its
/// strings) one allocation at a time was 3 M instructions of serial work
/// after the output was already written (docs/performance.md, "Copies,
/// checks and a faster inflate"). Only for values a command holds until
/// it returns anyway.
enum KeptUntilExit {
    private static let values = Mutex<[any Sendable]>([])

    static func keep(_ value: some Any & Sendable) {
        values.withLock { $0.append(value) }
    }
}
