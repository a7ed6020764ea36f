import Foundation
import TestSupport
import Testing

/// Lexicons and the book's own phonemes through the built binary: what is
/// heard, what is shown, and what goes wrong.
struct PronunciationCommandTests {
    private let directory: URL

    init() throws {
        directory = try NarrateProcess.temporaryDirectory()
    }

    private func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    private func narrate(_ arguments: String...) throws -> NarrateRun {
        try NarrateProcess.run(arguments, in: directory)
    }

    private func data(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    /// The listening check: a word from the lexicon sounds exactly as the
    /// entry's phonemes do when espeak-ng reads them as its own word, and
    /// every word keeps its cue.
    @Test(.enabled(if: ESpeakCLI.isInstalled, "needs espeak-ng"))
    func aLexiconWordIsHeardAsItsEntry() throws {
        try write("names.lexicon", "Quxbrilt\t/ˈbɒb/\n")
        try write("q.txt", "The Quxbrilt and Quxbrilt's hat, said Quxbrilt.\n")
        try write("b.txt", "The Bob and Bob's hat, said Bob.\n")
        #expect(try narrate("speak", "q.txt", "--lexicon", "names.lexicon", "-o", "q.wav", "--timings", "q.json").status == 0)
        #expect(try narrate("speak", "b.txt", "-o", "b.wav", "--timings", "b.json").status == 0)
        #expect(try data("q.wav") == data("b.wav"))
        let starts = { (name: String) throws -> [Substring] in
            String(decoding: try self.data(name), as: UTF8.self).split(separator: "\"start\": ").dropFirst().map { $0.prefix(5) }
        }
        #expect(try starts("q.json") == starts("b.json"))
        // What espeak-ng makes of the phonemes narrate hands it is what it says for "Bob".
        let dump = try narrate("dump", "q.txt", "--lexicon", "names.lexicon", "--spoken").stdoutText
        let mnemonics = try #require(dump.split(separator: "→ [[").dropFirst().first?.split(separator: "]]").first)
        #expect(try ESpeakCLI.phonemes(of: "[[\(mnemonics)]]", voice: "en") == ESpeakCLI.phonemes(of: "Bob", voice: "en"))
    }

    @Test func theLexiconBesideTheBookIsUsedAndSaidSo() throws {
        try write("story.txt", "Siobhan waved.\n")
        try write("story.lexicon", "# names\nSiobhan\tshiv-AWN\n")
        let run = try narrate("dump", "story.txt")
        #expect(run.status == 0)
        #expect(run.stderr == "narrate: using the lexicon story.lexicon, found beside story.txt\n")
        #expect(run.stdoutText.contains("say[\"Siobhan\"]=alias:\"shiv-AWN\"(lexicon story.lexicon)"))
        #expect(try narrate("dump", "-q", "story.txt").stderr.isEmpty)
    }

    @Test(arguments: [
        ("bad.lexicon", "Siobhan\tshiv\nHermione /h/\n", "narrate: bad.lexicon: line 2: expected WORD, a tab, then what to say (text, /IPA/ or [[espeak]])\n"),
        ("bad.pls", "<lexicon><lexeme>\n", "narrate: bad.pls: line 2: malformed XML: Premature end of data in tag lexeme line 1\n"),
        ("other.pls", "<html/>", "narrate: other.pls: not a PLS lexicon: the root element is not <lexicon>\n"),
    ])
    func aBadLexiconIsOneClearLine(name: String, content: String, message: String) throws {
        try write("b.txt", "Bob.\n")
        try write(name, content)
        let run = try narrate("speak", "b.txt", "--lexicon", name, "-o", "out.wav")
        #expect(run.status == 1)
        #expect(run.stderr == message)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.wav").path))
        let missing = try narrate("dump", "b.txt", "--lexicon", "none.lexicon")
        #expect(missing.stderr == "narrate: none.lexicon: no such file or directory\n")
    }

    @Test func importKeepsPronunciationsAndTheirPlistReadsBackTheSame() throws {
        try write("names.lexicon", "Quxbrilt\t/ˈbɒb/\nNASA\tnasser\n")
        try write("q.txt", "Quxbrilt met NASA.\n")
        #expect(try narrate("import", "q.txt", "--lexicon", "names.lexicon", "-o", "q.plist").status == 0)
        let plist = String(decoding: try data("q.plist"), as: UTF8.self)
        #expect(plist.contains("<key>narratePronunciations</key>"))
        let first = try narrate("dump", "q.txt", "--lexicon", "names.lexicon").stdoutText
        let again = try narrate("dump", "q.plist").stdoutText
        #expect(again.split(separator: "\n").dropFirst() == first.split(separator: "\n").dropFirst())
    }

    @Test(.enabled(if: ESpeakCLI.isInstalled, "needs espeak-ng"))
    func phonemesTheVoiceCannotSayAreWarnedOfOnceAndTheTextIsSpoken() throws {
        try write("click.lexicon", "Quxbrilt\t/ʘa/\n")
        try write("q.txt", "Quxbrilt. Quxbrilt.\n")
        let run = try narrate("speak", "q.txt", "--lexicon", "click.lexicon", "-o", "q.wav")
        #expect(run.status == 0)
        #expect(run.stderr == "warning: q.txt: line 1: cannot say ipa \"ʘa\" (lexicon click.lexicon): "
            + "no espeak-ng phoneme for \"ʘ\" in en; saying \"Quxbrilt\" as written\n")
        #expect(try narrate("speak", "q.txt", "-o", "plain.wav").status == 0)
        #expect(try data("q.wav") == data("plain.wav"))
    }

    @Test(.enabled(if: ESpeakCLI.isInstalled, "needs espeak-ng"))
    func wordsListsWhatEspeakSaysByRuleAndWhatALexiconCovers() throws {
        try write("w.txt", "Quxbrilt read a book. Quxbrilt and Zorblax left. Quxbrilt waved.\n")
        try write("z.lexicon", "Zorblax\t/ˈzɔːblæks/\n")
        let run = try narrate("words", "w.txt", "--lexicon", "z.lexicon")
        #expect(run.status == 0)
        let entries = run.stdoutText.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(entries.map { $0.split(separator: "\t")[0] } == ["Quxbrilt", "Zorblax"])
        #expect(run.stdoutText.contains("# 3 times: line 1; espeak-ng by rule: [[kw"))
        #expect(run.stdoutText.contains("covered by lexicon z.lexicon: [['zO:blaks]]"))
        #expect(try narrate("words", "w.txt", "--all").stdoutText.contains("\nbook\t/"))
        let pls = try narrate("words", "w.txt", "--format", "pls")
        try Data(pls.stdout).write(to: directory.appendingPathComponent("w.pls"))
        let dump = try narrate("dump", "w.txt", "--lexicon", "w.pls")
        #expect(dump.status == 0)
        #expect(dump.stdoutText.contains("say[\"Quxbrilt\"]=ipa:"))
    }

    @Test func theBooksOwnLexiconsAndPhonemesReachTheEngine() throws {
        let epub = try TestZip.folder(PackageFixtures.url("epub/pronunciation"))
        try Data(epub).write(to: directory.appendingPathComponent("said.epub"))
        let run = try narrate("dump", "said.epub", "--spoken", "-q")
        #expect(run.status == 0)
        #expect(run.stdoutText.contains("spoken: \"It was [[\\'T3:rti dI\\'griz]] in the shade.\\n\""))
        #expect(run.stdoutText.contains("\"Siobhan\" → [[SI'vO:n]]"))
        #expect(run.stdoutText.contains("spoken: \"[[ErmjOn]] est à [[mO~real]].\""))
    }
}
