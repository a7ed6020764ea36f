/// What a value that an emitter may render once and repeat is made from
/// (see ``PropertyListEmitter/repeatable(_:_:)``): six words the caller
/// fills so that equal keys mean equal renderings (an utterance's prosody:
/// its values' bit patterns, which are present, which are integers).
public struct RepeatKey: Equatable, Sendable {
    public var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    public init(_ words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.words == rhs.words }

    /// One of `count` slots (a power of two), from all the words.
    func slot(of count: Int) -> Int {
        var mixed = words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15) ^ (words.2 &* 0xC2B2_AE3D_27D4_EB4F)
        mixed ^= (words.3 &* 0x1656_67B1_9E37_79F9) ^ (words.4 &* 0x27D4_EB2F_1656_67C5) ^ words.5
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 58) & (count - 1)
    }
}

import Foundation

/// Renderings of repeatable values, by key and nesting depth: a small
/// table of slots, each keeping its last value (a book's utterances have
/// few distinct prosodies, so most lookups hit).
struct RepeatedValues {
    private static let slotCount = 64
    /// Longest rendering kept.
    private static let longest = 1 << 10

    private struct Slot {
        var key = RepeatKey((0, 0, 0, 0, 0, 0))
        /// The depth the bytes were rendered at; -1 for an empty slot.
        var depth = -1
        var bytes: [UInt8] = []
    }

    private var slots = Array(repeating: Slot(), count: slotCount)

    /// Calls `body` with the rendering of `key` at `depth`, read in place;
    /// false when none is kept.
    @inline(__always)
    func withRendering(of key: RepeatKey, depth: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        let index = key.slot(of: Self.slotCount)
        return slots.withUnsafeBufferPointer { slots in
            guard slots[index].depth == depth, slots[index].key == key else { return false }
            slots[index].bytes.withUnsafeBufferPointer(body)
            return true
        }
    }

    /// Keeps a copy of `bytes` as the rendering of `key` at `depth`, in the
    /// storage of the rendering it replaces.
    mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>, of key: RepeatKey, depth: Int) {
        guard bytes.count <= Self.longest else { return }
        let index = key.slot(of: Self.slotCount)
        slots[index].key = key
        slots[index].depth = depth
        slots[index].bytes.removeAll(keepingCapacity: true)
        slots[index].bytes.append(contentsOf: bytes)
    }

    /// Tables handed from one item rendered on a core to the next, so each
    /// starts with what earlier items rendered.
    final class Pool: @unchecked Sendable {
        private let lock = NSLock()
        private var spare: [RepeatedValues]
        private let first: RepeatedValues

        init(_ first: RepeatedValues) {
            self.first = first
            spare = []
        }

        func take() -> RepeatedValues {
            lock.lock()
            defer { lock.unlock() }
            return spare.popLast() ?? first
        }

        func giveBack(_ values: RepeatedValues) {
            lock.lock()
            spare.append(values)
            lock.unlock()
        }
    }
}
