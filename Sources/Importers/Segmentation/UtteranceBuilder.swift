import BookModel

/// Turns blocks of prose into utterances at the chosen granularity, with
/// heuristic prosody. Shared by every prose importer.
///
/// PLACEHOLDER: one utterance per block, blocks separated by a newline, no
/// prosody. The segmentation issue replaces this with sentence and word
/// splitting and the prosody rules.
public struct UtteranceBuilder: Sendable {
    public var options: ImportOptions

    public init(options: ImportOptions) {
        self.options = options
    }

    /// The utterances of one page made of `blocks`. Concatenated, their
    /// strings give the page's text.
    public func utterances(for blocks: [TextBlock]) -> [Utterance] {
        blocks.enumerated().map { index, block in
            let separator = index == blocks.count - 1 ? "" : "\n"
            return Utterance(block.text + separator, source: block.runs.first?.source)
        }
    }
}
