import BookModel
import TextPrimitives

extension UtteranceBuilder {
    /// The utterances of several pages at once, built on every core: the same
    /// result as calling ``utterances(for:)`` page by page, in order.
    public func utterances(forPages pages: [[TextBlock]]) -> [[Utterance]] {
        pages.concurrentMap { utterances(for: $0) }
    }
}
