import Foundation
import Testing
import TestSupport

private let prideAndPrejudice = PackageFixtures.root
    .appendingPathComponent("../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub").standardized.path
private let corpusIsPresent = FileManager.default.fileExists(atPath: prideAndPrejudice)

/// `--dialogue-voice`: on chapter I of Pride and Prejudice (page 3), every
/// word inside quotation marks is spoken by the dialogue voice and every
/// other word (the narration, and speech tags such as “said his lady”) by
/// the main voice, as the engine was asked (the `voice` of each word in
/// the timings); each word still has one cue, the same words as without
/// the option. The quotations are found here independently, by following
/// “ and ” through each paragraph.
@Suite(.enabled(if: corpusIsPresent, "../shared/corpus is absent"))
struct DialogueVoiceTests {
    static let voices: [[String]] = [["--voice", "en-gb", "--dialogue-voice", "en-us"], ["--dialogue-voice", "en-us", "--split", "word"]]
        + (PiperAudiobookTests.voiceIsInstalled ? [["--voice", "en-gb", "--dialogue-voice", "piper:en_US-joe-medium"]] : [])

    @Test(arguments: voices)
    func quotedSpeechIsInTheDialogueVoiceAndTheRestInTheNarrators(_ options: [String]) throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let split = options.contains("--split") ? ["--split", "word"] : []
        let plain = try render(["--pages", "3"] + split, name: "plain", in: directory)
        let voiced = try render(["--pages", "3"] + options, name: "voiced", in: directory)
        #expect(voiced.map(\.words) == plain.map(\.words), "one cue per word, the same words")
        var quoted = QuoteFollower()
        var voices: (dialogue: Set<String>, narration: Set<String>) = ([], [])
        var checked = (quotedWords: 0, narrationWords: 0)
        for utterance in voiced {
            let inside = quoted.wordsInside(utterance.text, words: utterance.words)
            for (word, isQuoted) in zip(utterance.voices, inside) {
                if isQuoted { voices.dialogue.insert(word) } else { voices.narration.insert(word) }
                if isQuoted { checked.quotedWords += 1 } else { checked.narrationWords += 1 }
            }
        }
        #expect(voices.dialogue.count == 1 && voices.narration.count == 1, "\(voices)")
        #expect(voices.dialogue.isDisjoint(with: voices.narration), "\(voices)")
        #expect(checked.quotedWords > 600 && checked.narrationWords > 150, "\(checked)")
    }

    @Test func anUnknownDialogueVoiceIsAUsageError() throws {
        let result = try NarrateProcess.run(["speak", NarrateProcess.fixture("text/pauses.txt"), "--dialogue-voice", "no-such-voice", "-o", "/dev/null"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("narrate: --dialogue-voice: unknown voice 'no-such-voice'"), "\(result.stderr)")
    }

    /// Each utterance's text, words and the voice of each word.
    struct Spoken {
        var text: String
        var words: [String]
        var voices: [String]
    }

    private func render(_ options: [String], name: String, in directory: URL) throws -> [Spoken] {
        let run = try NarrateProcess.run(
            ["speak", prideAndPrejudice, "-o", "\(name).wav", "--timings", "\(name).json", "-q"] + options, in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: directory.appendingPathComponent("\(name).json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (root["utterances"] as? [[String: Any]] ?? []).map { utterance in
            let words = utterance["words"] as? [[String: Any]] ?? []
            return Spoken(
                text: utterance["text"] as? String ?? "", words: words.map { $0["text"] as? String ?? "" },
                voices: words.map { $0["voice"] as? String ?? "-" })
        }
    }
}

/// Speech quoted the British way, ‘…’, is spoken by the dialogue voice as
/// “…” is, and the apostrophes around it (don’t, we’ll, ’Tis, sailors’)
/// change nothing: each word's voice in the timings, against the words
/// quoted in `fixtures/text/british-quotes.txt` marked by hand.
@Test func speechInSingleQuotesIsInTheDialogueVoice() throws {
    // d: inside a quotation; n: narration.
    try expectVoices(
        of: "text/british-quotes.txt", voice: "en-gb", dialogueVoice: "en-us",
        marks: "dd" + "nnn" + "dddddd" + "nnnnnn" + "nnnnnnnnnnnn" + "ddddddddd" + "nn" + "ddd" + "nnn")
}

/// Speech set off by dashes, as Spanish books write dialogue, is spoken by
/// the dialogue voice and its speech tags (`—preguntó ella—`, and one set
/// by dashes inside guillemets, `«No sé —dijo Juan—, quizás»`) and the
/// narration by the main one: each word's voice in the timings of
/// `fixtures/text/spanish-dialogue.txt`, against its words marked by hand.
@Test func speechSetOffByDashesIsInTheDialogueVoice() throws {
    // d: speech; n: speech tags and narration.
    try expectVoices(
        of: "text/spanish-dialogue.txt", voice: "es", dialogueVoice: "es-419",
        marks: "d" + "nn" + "dd" + "nnnn" + "dd" + "nn" + "dd" + "nn" + "dd")
}

/// A speech tag French sets inside the speech (`demanda-t-elle`, `dit-il`)
/// is the narrator's, and the speech goes on after it in the dialogue
/// voice: `fixtures/text/french-dialogue.txt`, dashes and guillemets, a
/// pronoun joined to its verb (`dit-il`) and a name after it (`dit Marie`).
@Test(arguments: ["sentence", "word"])
func speechTagsInsideFrenchSpeechAreTheNarrators(split: String) throws {
    // d: speech; n: speech tags and narration.
    try expectVoices(
        of: "text/french-dialogue.txt", voice: "fr", dialogueVoice: "fr-be", split: split,
        marks: "dd" + "n" + "ddd" + "nnnn" + "d" + "n" + "dd" + "d" + "nn" + "dd")
}

/// A quotation's author named on a line of its own after a dash (`— Mark
/// Twain`) is the narrator's, a line of speech opened by a dash the
/// dialogue voice's: `fixtures/text/epigraph-attribution.txt`, by sentence
/// and word by word (where the dialogue voice reads the paragraph ahead).
@Test(arguments: ["sentence", "word"])
func anAuthorNamedAfterADashIsTheNarrators(split: String) throws {
    // d: speech; n: heading, the author's name and narration.
    try expectVoices(
        of: "text/epigraph-attribution.txt", voice: "en-gb", dialogueVoice: "en-us", split: split,
        marks: "nn" + "dddddddd" + "nn" + "dddd" + "nnn")
}

/// Quoted verse set line by line (`fixtures/text/quoted-verse.txt`) is in
/// the dialogue voice to its closing mark, though each line ends with a
/// line break, as its prosody is.
@Test(arguments: ["sentence", "word"])
func quotedVerseIsInTheDialogueVoiceLineAfterLine(split: String) throws {
    // d: the song; n: the narration around it.
    try expectVoices(
        of: "text/quoted-verse.txt", voice: "en-gb", dialogueVoice: "en-us", split: split,
        marks: "nnnn" + "dddd" + "dddddd" + "nnn")
}

/// Speaks a fixture with a dialogue voice and checks each word's voice in
/// the timings: the words marked `d` all in one voice, those marked `n` all
/// in another.
private func expectVoices(
    of fixture: String, voice: String, dialogueVoice: String, split: String = "sentence", marks: String
) throws {
    let directory = try NarrateProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try NarrateProcess.run(
        ["speak", NarrateProcess.fixture(fixture), "--voice", voice, "--dialogue-voice", dialogueVoice, "--split", split,
         "-o", "voices.wav", "--timings", "voices.json", "-q"], in: directory)
    try #require(run.status == 0, "\(run.stderr)")
    let data = try Data(contentsOf: directory.appendingPathComponent("voices.json"))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let words = (root["utterances"] as? [[String: Any]] ?? []).flatMap { $0["words"] as? [[String: Any]] ?? [] }
    let spoken = words.map { ($0["text"] as? String ?? "", $0["voice"] as? String ?? "-") }
    let expected = Array(marks)
    try #require(spoken.count == expected.count, "\(spoken.map(\.0))")
    let dialogue = Set(zip(spoken, expected).filter { $0.1 == "d" }.map(\.0.1))
    let narration = Set(zip(spoken, expected).filter { $0.1 == "n" }.map(\.0.1))
    #expect(dialogue.count == 1 && narration.count == 1 && dialogue.isDisjoint(with: narration),
        "\(zip(spoken, expected).map { "\($0.0.0)/\($0.0.1)/\($0.1)" })")
}

/// Follows “ and ” through the utterances of a paragraph (a line break ends
/// it): which words are inside a quotation.
struct QuoteFollower {
    private var open = false

    mutating func wordsInside(_ text: String, words: [String]) -> [Bool] {
        var result: [Bool] = []
        var cursor = text.startIndex
        for word in words {
            guard let found = text.range(of: word, range: cursor..<text.endIndex) else {
                result.append(open)
                continue
            }
            for character in text[cursor..<found.lowerBound] { follow(character) }
            result.append(open)
            for character in text[found] { follow(character) }
            cursor = found.upperBound
        }
        for character in text[cursor...] { follow(character) }
        if text.hasSuffix("\n") { open = false }
        return result
    }

    private mutating func follow(_ character: Character) {
        if character == "“" { open = true }
        if character == "”" { open = false }
    }
}
