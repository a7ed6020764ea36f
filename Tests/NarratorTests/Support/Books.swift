import BookModel

/// Small books built in code.
enum Books {
    static let whirlySentence = "Whirly, twirly, the squirrel ran up the tall tree and hid his acorn in a hole."

    /// One page, one utterance per word, each carrying its trailing space.
    static func perWord(_ sentence: String, prosody: Prosody = Prosody()) -> Book {
        Book(pages: [Page(utterances: words(sentence).map { Utterance($0, prosody: prosody) })])
    }

    /// One page, the sentence as one utterance.
    static func whole(_ sentence: String, prosody: Prosody = Prosody()) -> Book {
        Book(pages: [Page(utterances: [Utterance(sentence, prosody: prosody)])])
    }

    /// Words with their trailing spaces, so they concatenate to `sentence`.
    static func words(_ sentence: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in sentence {
            if character != " ", current.last == " " {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
