/// A lexicon's entries filed by the key of their grapheme's first word
/// (``WordScanner/KeyHasher``), for ``WordScanner`` to look words up
/// without allocating: a Bloom filter that rules out almost every word of
/// a book at once, then an open-addressing table from a key to its longest
/// entry, each entry linking to the next longest with the same key.
struct GraphemeIndex: Sendable {
    /// Two bits per key filed, at two places its bits choose, in 16 bits
    /// per slot of the table (at least 64K): about one word in 300 that is
    /// in no lexicon passes it.
    private var filter = [UInt64](repeating: 0, count: 1024)
    /// The table: a key per slot (meaningful where ``heads`` is not -1).
    private var keys: [UInt64] = []
    /// The table: the first (longest) entry of the slot's key, -1 for an empty slot.
    private var heads: [Int32] = []
    /// Per entry: the next entry with the same key, -1 after the last.
    private var next: [Int32] = []
    /// Per entry: its grapheme's length in scalars, which orders a chain.
    private var lengths: [Int32] = []
    /// Keys filed (occupied slots).
    private var keyCount = 0

    /// Room for about `count` entries, before filing them.
    mutating func reserveCapacity(_ count: Int) {
        next.reserveCapacity(count)
        lengths.reserveCapacity(count)
        if heads.count < 2 * count { rehash(slots: Self.slots(for: count)) }
    }

    /// Whether some entry may have the key `key` (false: none has).
    @inline(__always)
    func mayHave(_ key: UInt64) -> Bool {
        filter.withUnsafeBufferPointer { filter in
            let (first, second) = Self.filterBits(key, mask: filter.count * 64 - 1)
            return filter[first >> 6] & (1 << (first & 63)) != 0 && filter[second >> 6] & (1 << (second & 63)) != 0
        }
    }

    /// The two bits of the filter for `key`: from its low bits and from
    /// the bits above them (the table's slots come from its high 32).
    @inline(__always)
    private static func filterBits(_ key: UInt64, mask: Int) -> (Int, Int) {
        (Int(truncatingIfNeeded: key) & mask, Int(truncatingIfNeeded: key >> 24) & mask)
    }

    private mutating func addToFilter(_ key: UInt64) {
        let (first, second) = Self.filterBits(key, mask: filter.count * 64 - 1)
        filter[first >> 6] |= 1 << (first & 63)
        filter[second >> 6] |= 1 << (second & 63)
    }

    /// The first (longest) entry filed under `key`, if any.
    @inline(__always)
    func first(_ key: UInt64) -> Int? {
        guard !heads.isEmpty else { return nil }
        var slot = Self.slot(key, mask: heads.count - 1)
        while heads[slot] >= 0 {
            if keys[slot] == key { return Int(heads[slot]) }
            slot = (slot + 1) & (heads.count - 1)
        }
        return nil
    }

    /// The entry after `entry` with the same key (next longest), if any.
    @inline(__always)
    func after(_ entry: Int) -> Int? {
        next[entry] < 0 ? nil : Int(next[entry])
    }

    /// Files entry number `entry` (the next one: entries are filed in order)
    /// under `key`, after the entries of that key at least as long.
    mutating func insert(_ entry: Int, key: UInt64, length: Int) {
        if heads.isEmpty || 2 * (keyCount + 1) > heads.count { rehash(slots: Self.slots(for: keyCount + 1)) }
        var slot = Self.slot(key, mask: heads.count - 1)
        while heads[slot] >= 0, keys[slot] != key { slot = (slot + 1) & (heads.count - 1) }
        append(length: length, next: -1)
        guard heads[slot] >= 0 else {
            (keys[slot], heads[slot]) = (key, Int32(entry))
            keyCount += 1
            addToFilter(key)
            return
        }
        if lengths[Int(heads[slot])] < Int32(length) {
            (next[entry], heads[slot]) = (heads[slot], Int32(entry))
            return
        }
        var previous = Int(heads[slot])
        while let following = after(previous), lengths[following] >= Int32(length) { previous = following }
        (next[entry], next[previous]) = (next[previous], Int32(entry))
    }

    private mutating func append(length: Int, next link: Int32) {
        lengths.append(Int32(length))
        next.append(link)
    }

    /// A power of two at least twice `count`.
    private static func slots(for count: Int) -> Int {
        var slots = 16
        while slots < 2 * count { slots <<= 1 }
        return slots
    }

    /// The slot a key starts at: its high bits (the filter uses the low ones).
    @inline(__always)
    private static func slot(_ key: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: key >> 32) & mask
    }

    private mutating func rehash(slots: Int) {
        let (oldKeys, oldHeads) = (keys, heads)
        keys = [UInt64](repeating: 0, count: slots)
        heads = [Int32](repeating: -1, count: slots)
        filter = [UInt64](repeating: 0, count: max(1024, slots / 4))
        for (key, head) in zip(oldKeys, oldHeads) where head >= 0 {
            var slot = Self.slot(key, mask: slots - 1)
            while heads[slot] >= 0 { slot = (slot + 1) & (slots - 1) }
            (keys[slot], heads[slot]) = (key, head)
            addToFilter(key)
        }
    }
}
