import BookModel
import Synchronization

/// What a lexicon's entries say, each made into a ``Pronunciation/Spoken``
/// the first time it is matched and shared by every later match: a lexicon
/// of 10,000 names makes strings only for the few hundred a book has. Read
/// and filled from every core.
final class SpokenCache: Sendable {
    /// By entry number; nil where not made yet.
    private let made = Mutex<[Pronunciation.Spoken?]>([])

    /// What entry number `entry` says, if made already.
    func spoken(_ entry: Int) -> Pronunciation.Spoken? {
        made.withLock { $0.indices.contains(entry) ? $0[entry] : nil }
    }

    /// Keeps what entry number `entry` says, unless another core kept it
    /// first; returns the one kept.
    func keep(_ spoken: Pronunciation.Spoken, for entry: Int) -> Pronunciation.Spoken {
        made.withLock { made in
            if made.count <= entry { made.append(contentsOf: repeatElement(nil, count: entry + 1 - made.count)) }
            if let earlier = made[entry] { return earlier }
            made[entry] = spoken
            return spoken
        }
    }
}
