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
    private var slots: [(key: RepeatKey, depth: Int, bytes: [UInt8])?] = Array(repeating: nil, count: slotCount)

    /// The rendering of `key` at `depth`, if kept.
    func rendering(of key: RepeatKey, depth: Int) -> [UInt8]? {
        guard let slot = slots[key.slot(of: Self.slotCount)], slot.depth == depth, slot.key == key else { return nil }
        return slot.bytes
    }

    mutating func keep(_ bytes: [UInt8], of key: RepeatKey, depth: Int) {
        guard bytes.count <= Self.longest else { return }
        slots[key.slot(of: Self.slotCount)] = (key, depth, bytes)
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
