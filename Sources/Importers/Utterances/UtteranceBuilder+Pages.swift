import BookModel
import TextPrimitives

extension UtteranceBuilder {
    /// The utterances of several pages at once, built on every core free to
    /// take them (inside the reading of a window of documents too): the same
    /// result as calling ``utterances(for:)`` page by page, in order.
    public func utterances(forPages pages: [[TextBlock]]) -> [[Utterance]] {
        pages.sharedMap { utterances(for: $0) }
    }
}
