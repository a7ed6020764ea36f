import BookModel
import Importers
import Segmentation
import Testing
import TextPrimitives

/// The splitter counts a book as the importers build it: the same sentences
/// whether its utterances are sentences, clauses or words.
@Test(arguments: Granularity.allCases)
func countsABooksSentencesAlikeAtEveryGranularity(_ granularity: Granularity) {
    var options = ImportOptions()
    options.granularity = granularity
    let text = "CHAPTER I.\n\nThe Start\n\nMr. Smith arrived. He sat down!\n\nDid he? Yes."
    let book = Importing.text(bytes: Array(text.utf8), options: options).book
    #expect(SentenceSplitter().sentenceCount(in: book) == 6)
}
