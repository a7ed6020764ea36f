import Rendering
import BookModel
import Importers
import Narrator
import Phonemes

/// `narrate words`: the words espeak-ng would say by its spelling rules
/// rather than from its dictionary, most frequent first, as the start of
/// the user's own lexicon.
struct WordsCommand: Command {
    static let name = "words"
    static let abstract = "List the words espeak-ng says by its spelling rules (names, foreign words): a lexicon to correct."
    static let operandsUsage = "INPUT"
    static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", values: .choices(WordListFormat.self), help: "text (default: lines of the --lexicon text format) or pls."),
        OptionSpec("all", help: "List every word said by rule, not only those never written in lower case."),
        OptionSpec("voice", value: "NAME", values: .voices, help: "Ask this voice (see narrate voices); default: by the text's language."),
    ] + BookInput.options
    static let discussion = """
        espeak-ng says most words from its dictionary; the others (names, foreign words,
        coinages) it spells out by rule, and those are the ones it gets wrong. narrate
        lists them with the phonemes espeak-ng will use (in IPA, and its own mnemonics
        in a comment) and where they occur. Without --all only words that are never
        written in lower case are listed (names, mostly): ordinary words said by rule
        ("book", "little") are left out. Words a lexicon or ssml:ph already says are
        listed too, marked "covered", with what is said for them. The output is a
        lexicon: correct the pronunciations, delete the rest, and pass it with
        --lexicon (or save it as BOOK.lexicon beside the book).

        Examples:
          narrate words book.epub > book.lexicon
          narrate words book.epub --format pls --all > book.pls
        """

    var input: BookInput
    var format: WordListFormat
    var all: Bool
    var voice: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = try BookInput(path: try BookInput.singleOperand(arguments), arguments)
        format = try arguments.choice("format", as: WordListFormat.self) ?? .text
        all = arguments.flag("all")
        voice = arguments.value("voice")
    }

    func run(_ context: CommandContext) throws {
        let book = try input.load(context)
        let engine: ESpeakEngine
        do { engine = try ESpeakEngine() } catch { throw Failure(nil, error.description) }
        let catalog = VoiceCatalog(engine.voices())
        let fixedVoice: String?
        do { fixedVoice = try voice.map { (name) throws(SpeechError) in try catalog.voice(named: name).identifier } } catch {
            throw UsageError("--voice: \(error)")
        }
        let english = catalog.voice(forLanguage: "en")?.identifier ?? "gmw/en"
        var entries: [WordListEntry] = []
        for word in WordCensus(book).words where all || word.isAlwaysCapitalised || word.pronunciation != nil {
            let voice = fixedVoice ?? word.language.flatMap { catalog.voice(forLanguage: $0)?.identifier } ?? english
            let translation: WordTranslation
            do { translation = try engine.translate(word.spelling, voice: voice) } catch {
                throw Failure(input.path, error.description)
            }
            guard translation.byRules || word.pronunciation != nil else { continue }
            entries.append(WordListEntry(word: word, translation: translation, voice: voice))
        }
        let title = book.metadata.title ?? input.path
        context.print(format == .pls
            ? WordListWriter.pls(entries, language: book.metadata.language, title: title)
            : WordListWriter.text(entries, title: title, all: all))
    }
}

/// The output formats of `narrate words`.
enum WordListFormat: String, CaseIterable {
    case text, pls
}

/// One listed word: the book's word, espeak-ng's reading, and the voice.
struct WordListEntry {
    var word: WordCensus.Word
    var translation: WordTranslation
    var voice: String

    /// What is said for the word: the book's or a lexicon's pronunciation
    /// (as authored), else espeak-ng's IPA.
    var said: (text: String, isIPA: Bool) {
        switch word.pronunciation?.spoken {
        case .phonemes(let phonemes, .ipa)?: (phonemes, true)
        case .phonemes(let phonemes, let alphabet)?:
            // Shown in IPA where narrate can: the mnemonics it will use.
            (PhonemeConverter(inventory: .forVoice(voice, language: word.language))
                .mnemonics(for: phonemes, alphabet: alphabet).map { "[[\($0)]]" }.get(or: phonemes), false)
        case .alias(let alias)?: (alias, false)
        case .continued?, nil: (translation.ipa, true)
        }
    }

    /// `3 times: places; espeak-ng by rule: [[…]]; covered by …`.
    var note: String {
        var parts = ["\(word.count) \(word.count == 1 ? "time" : "times"): " + word.places.joined(separator: ", ")]
        parts.append("espeak-ng \(translation.byRules ? "by rule" : "from its dictionary"): [[\(translation.mnemonics)]]")
        if let pronunciation = word.pronunciation {
            let mnemonics = EngineText.spoken(
                [Utterance(word.spelling, language: word.language,
                    pronunciations: [Pronunciation(range: 0..<word.spelling.unicodeScalars.count,
                        spoken: pronunciation.spoken, origin: pronunciation.origin)])],
                language: word.language).first?.choices.first?.said ?? ""
            parts.append("covered by \(pronunciation.origin): \(mnemonics)")
        }
        return parts.joined(separator: "; ")
    }
}

extension Result {
    fileprivate func get(or fallback: Success) -> Success { (try? get()) ?? fallback }
}
