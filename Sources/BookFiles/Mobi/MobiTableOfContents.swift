import CMobi

/// The shape of a book's NCX index as libmobi parsed it, checked before
/// libmobi writes it out: its writer follows each entry's parent until it
/// finds none and each entry's child range one level deeper, trusting both.
/// A damaged or hostile index whose parents form a cycle keeps it looping
/// for ever, and child ranges that overlap make it write entries again and
/// again. An index is safe when it is a tree:
/// - every parent comes before its entry;
/// - every child range lies after its entry and inside the index;
/// - every entry one level deeper inside a child range names that entry
///   as its parent (so each entry is written once at most), and the
///   ranges together span no more entries than the index has.
struct MobiTableOfContents {
    struct Entry: Equatable {
        var level: UInt32?
        var parent: UInt32?
        var firstChild: UInt32?
        var lastChild: UInt32?
    }

    var entries: [Entry]

    init(entries: [Entry]) {
        self.entries = entries
    }

    /// The entries of libmobi's parsed NCX index (tags 4 level, 21
    /// parent, 22 first child, 23 last child: libmobi's `index.h`).
    init(index: MOBIIndx) {
        var entries: [Entry] = []
        let count = index.entries_count
        if let first = index.entries, count > 0 {
            for entry in UnsafeBufferPointer(start: first, count: count) {
                entries.append(Entry(
                    level: Self.value(of: 4, in: entry), parent: Self.value(of: 21, in: entry),
                    firstChild: Self.value(of: 22, in: entry), lastChild: Self.value(of: 23, in: entry)))
            }
        }
        self.entries = entries
    }

    /// Whether libmobi can write the index out in bounded time.
    var isTree: Bool {
        let count = entries.count
        var spanned = 0
        for (index, entry) in entries.enumerated() {
            if let parent = entry.parent, Int(parent) >= index { return false }
            switch (entry.firstChild, entry.lastChild) {
            case (nil, nil), (nil, _), (_, nil):
                continue
            case (let first?, let last?):
                guard Int(first) > index, first <= last, Int(last) <= count, let level = entry.level else { return false }
                // Children are listed once, each under its own parent.
                spanned += Int(last - first)
                guard spanned <= count else { return false }
                for child in entries[Int(first)..<Int(last)] where child.level == level &+ 1 {
                    guard child.parent == UInt32(index) else { return false }
                }
            }
        }
        return true
    }

    /// The first value of tag `tag` of `entry`, nil when it has none.
    private static func value(of tag: Int, in entry: MOBIIndexEntry) -> UInt32? {
        guard let tags = entry.tags, entry.tags_count > 0 else { return nil }
        for item in UnsafeBufferPointer(start: tags, count: entry.tags_count) where item.tagid == tag {
            guard item.tagvalues_count > 0, let values = item.tagvalues, values[0] != UInt32.max else { return nil }
            return values[0]
        }
        return nil
    }
}
