import CLibZip
import Dispatch
import Foundation

/// Inflates a zip's (X)HTML entries on another core, with its own libzip
/// handle, while the caller is still reading the package document and the
/// table of contents; ``ZipArchive/read(_:)`` then takes the bytes ready
/// instead of inflating them on the caller's core.
///
/// Only an optimisation: whatever the prefetcher skips or fails on (limits,
/// encryption, damage, an entry the caller asked for first) the caller reads
/// itself, with the usual checks and errors. Entries that do not look like
/// ordinary text (compression ratio above ``maxRatio``) are never touched,
/// and at most ``budget`` bytes are inflated ahead, so a hostile archive
/// cannot make it hold more memory than that.
package final class ZipPrefetcher: @unchecked Sendable {
    private enum State {
        case queued, inflating, ready([UInt8]), taken
    }

    /// Most bytes inflated ahead of the caller.
    package static let budget: UInt64 = 64 << 20
    /// Highest compression ratio of an entry worth inflating ahead.
    package static let maxRatio: UInt64 = 20

    /// Guards `states` and `isCancelled`; signalled when an entry is done.
    private let condition = NSCondition()
    private var states: [UInt64: State]
    private var isCancelled = false

    /// Starts inflating the entries at `indices` of the zip held in `bytes`,
    /// in order: the caller reads the package and the table of contents
    /// first, and by then the first documents are ready (in reverse order,
    /// it inflated the first window itself, half a millisecond of serial
    /// work on a novel).
    package init(bytes: [UInt8], indices: [UInt64]) {
        states = Dictionary(uniqueKeysWithValues: indices.map { ($0, State.queued) })
        DispatchQueue.global().async { [self] in
            bytes.withUnsafeBytes { buffer in inflate(indices, of: buffer) }
        }
    }

    /// Stops the worker after the entry it is inflating. Nothing waits for
    /// it: it owns its libzip handle and a reference to the bytes, so it can
    /// finish on its own (and a thread of the pool it runs on never blocks
    /// on it).
    package func cancel() {
        condition.lock()
        isCancelled = true
        condition.unlock()
    }

    /// The bytes of the entry at `index` when they were inflated ahead
    /// (waiting for them if they are being inflated now); `nil` when the
    /// caller must read the entry itself, which it then owns.
    package func take(_ index: UInt64) -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch states[index] {
            case .inflating?:
                condition.wait()
            case .ready(let bytes)?:
                states[index] = .taken
                return bytes
            case .queued?:
                states[index] = .taken
                return nil
            case .taken?, nil:
                return nil
            }
        }
    }

    // MARK: Worker

    private func inflate(_ indices: some Sequence<UInt64>, of buffer: UnsafeRawBufferPointer) {
        guard let archive = try? ZipHandle(borrowing: buffer) else { return cancelAll() }
        var inflated: UInt64 = 0
        for index in indices {
            guard claim(index) else { continue }
            var bytes: [UInt8]?
            if let stat = Self.statWorthInflating(index, of: archive), inflated + stat.size <= Self.budget {
                bytes = try? archive.read(index, stat: stat, path: "")
                inflated += stat.size
            }
            finish(index, with: bytes)
        }
    }

    /// Marks a queued entry as being inflated; `false` when the caller has
    /// it already or the prefetcher was cancelled.
    private func claim(_ index: UInt64) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isCancelled, case .queued? = states[index] else { return false }
        states[index] = .inflating
        return true
    }

    private func finish(_ index: UInt64, with bytes: [UInt8]?) {
        condition.lock()
        states[index] = bytes.map(State.ready) ?? .queued
        condition.broadcast()
        condition.unlock()
    }

    /// Hands every entry back to the caller (the worker could not start).
    private func cancelAll() {
        condition.lock()
        for index in states.keys { states[index] = .queued }
        condition.broadcast()
        condition.unlock()
    }

    /// The entry's sizes and CRC when it is unencrypted and compressed like
    /// text. The whole entry is then read, its CRC checked; any error or
    /// size mismatch leaves it to the caller.
    private static func statWorthInflating(_ index: UInt64, of archive: ZipHandle) -> zip_stat_t? {
        guard case .success(let stat) = archive.stat(at: index),
            stat.valid & UInt64(ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_ENCRYPTION_METHOD)
                == UInt64(ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_ENCRYPTION_METHOD),
            stat.encryption_method == UInt16(ZIP_EM_NONE),
            stat.size / max(stat.comp_size, 1) <= maxRatio
        else { return nil }
        return stat
    }
}
