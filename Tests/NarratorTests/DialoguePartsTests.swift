import BookModel
import Testing

@testable import Narrator

/// Quoted speech and narration, as marked text: `[…]` is spoken in the
/// dialogue voice, the rest in the main one; `¦` separates utterances of
/// one paragraph. A run without a word joins its neighbour (a dash before
/// a quotation is said with it).
@Test(arguments: [
    "[“My dear Mr. Bennet,” ]said his lady to him one day, [“have you heard?”\n]",
    "[“Stop!” ]Holmes cried.",
    "No quotation here.",
    "[„Halt!“ ]rief er.",
    "[«Arrête!» ]cria-t-il.",
    "He said [\"yes\" ]and left.",
    "[“My ]¦[dear ]¦[Bennet,” ]¦said ¦his ¦lady.\n",
    "[“It opens ]¦[here.\n]¦Not here.",
    "[“One.” “Two.”]",
    "[— “Well,” ]she said.",
    "[‘Stop!’ ]Holmes cried.",
    "He said, [‘Yes,’ ]and left.",
    "She said ‘yes’ and fought ‘gainst the wind.",
    "[“You see him ‘quid,” ]said he.",
    "He ¦said ¦‘yes’.",
    "He ¦said, ¦[‘Yes.’]",
    "[‘I don’t know,’ ]he said, [‘but I’ll go.’\n]",
    "’Tis the dogs’ dinner; rock ‘n’ roll, don’t touch it.",
    "[‘My ]¦[dear ]¦[Bennet,’ ]¦said ¦his ¦lady.\n",
    "[‚Halt!‘ ]rief er.",
    "[“He said ‘no’ to me,” ]she said.",
    "['Well!' ]thought Alice, ['I can't say it's mine.'\n]",
    "The boys' hats, 'tis true, fell.",
    "[—¿Vienes? ]—preguntó ella[—. Es tarde.\n]",
    "[— Ты ]¦[придёшь? ]¦— ¦спросила ¦она. ¦[— Уже ]¦[поздно.]",
    "[— Ты придёшь? ]— спросила она. [— Уже поздно.]",
    "In 1914–1918 the war — a long one — went on.",
    "[「ここらに休む所はないかね」]と聞いた。",
    "[»Komm her«], sagte er, [»sofort.« ]Sie kam nicht.",
    "[”Kom hit”], sa han. Hon kom inte.",
    "Alice said to herself [‘That’s enough,’ ]and stopped.",
    "Alice ¦said ¦to ¦herself ¦[‘That’s ]¦[enough,’ ]¦and ¦stopped.",
    "[‘I know his sisters’ views well,’ ]he said.",
    "[‘I know his sisters’ views well,’ ]¦he said.",
    "He said, [‘Yes’ ]and left.",
    "[‘I ]¦[know ]¦[his ]¦[sisters’ ]¦[views ]¦[well,’ ]¦he ¦said.",
    "He ¦said, ¦[‘Yes’ ]¦and ¦left.",
    "[‘I ]¦[know ]¦[the ]¦[sisters’ ]¦Then ¦he ¦left.",
    "[— Tu viens ? ]demanda-t-elle. [Il est tard.]",
    "[— Tu ]¦[viens ? ]¦demanda-t-elle. ¦[Il ]¦[est ]¦[tard.\n]",
    "[« Non, ]dit-il, [jamais. » ]Elle sortit.",
    "[— Oui, ]dit Marie.",
    "[— Oui, ]¦dit ¦Marie. ¦[Je ]¦[viens.\n]",
    "[« Non, ]¦répondit ¦le ¦vieillard, ¦[jamais. » ]¦Il ¦sortit.",
    "[«Sì, ]disse il padrone, [domani.»]",
    "[— Tout ce qu’on dit, Marie, est faux.]",
    "[« Je suis venu, ]dit-il, [pour vous parler.\n]¦[» Mais vous n’étiez pas là. » ]¦Il sortit.",
    "[« Je suis venu, ]dit-il, [pour vous parler.\n» Mais vous n’étiez pas là. » ]Il sortit.",
    "[« Je suis venu\n» ]dit-il.",
    "[«No sé ]—dijo él, sonriendo[—, quizás mañana.» ]Se fue.",
    "[“I was — well — surprised.” ]She was.",
    "— Mark Twain\n",
    "— ¦Mark ¦Twain\n",
    "—Marcus ¦Aurelius, ¦Meditations\n",
    "—H. ¦G. ¦Wells, ¦1895\n",
    "—Robert ¦Burns.\n",
    "[— Oui.\n]",
    "[— ]¦[Oui.\n]",
    "[— Non, merci.\n]",
    "[— Bonjour ]¦[Marie, ]¦[viens.\n]",
    "[— Marie ]¦[!\n]",
    "[— ]¦[Non. ]¦[Pas ]¦[encore\n]",
    "[—Introibo ]¦[ad ]¦[altare ]¦[Dei.\n]",
    "[— Yet ]¦[when ]¦[we ]¦[came ]¦[back\n]",
    // A quotation open at a line's end goes on when the next lines close it
    // before opening another; else it ends with the paragraph.
    "[‘Twinkle, twinkle, little bat!\n]¦[How I wonder what you’re at!’\n]¦And so on.",
    "[“Come into the garden, Maud,\n]¦[For the black bat, night, has flown,\n]¦[Come into the garden, Maud,”\n]¦I am here.",
    "[“I went home.\n]¦[“Then I slept.”\n]¦She nodded.",
    "[“I went home.\n]¦She nodded. ¦[“Good.”]",
    "[“It is ]¦[late.\n]¦[It ]¦[is.” ]¦He left.",
    "[“Unclosed.\n]¦No mark here at all.",
    "[“Then:\n]¦[—Yes.\n]¦[— ]¦[No.” ]¦Still.",
    "[\"I went home.\n]¦[\"Then I slept.\" ]¦She nodded.",
    "[\"It is late,\n]¦Navigation »\n¦Next »",
    "['Twinkle, twinkle, little bat!\n]¦[How I wonder what you're at!'\n]¦And so on.",
    "[\"Come here,\n]¦He said [\"no\" ]to me.",
    "[”Jag går hem.\n]¦[”Sedan sov jag.” ]¦Hon nickade.",
    "[“Come into the garden, Maud,\n]¦For the black bat has flown.\n¦Then [\"it\" ]went.",
])
func quotationsAreCutFromNarration(_ marked: String) {
    var parts = DialogueParts()
    var spoken = ""
    let utterances = marked.replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
        .split(separator: "¦").map(String.init)
    for (index, utterance) in utterances.enumerated() {
        let scalars = Array(utterance.unicodeScalars)
        let following = utterances[(index + 1)...].map { Utterance($0) }
        for part in parts.parts(of: utterance, following: following) {
            let text = String(String.UnicodeScalarView(scalars[part.range]))
            spoken += part.isQuoted ? "[\(text)]" : text
        }
        spoken += "¦"
    }
    #expect(spoken.dropLast() == marked)
}

/// The narrator asks the engine for the dialogue voice on quoted parts and
/// the main voice on the rest, and gives one timing per utterance with
/// every word, each word marked with its voice.
@Test func theEngineSpeaksEachPartInItsVoice() throws {
    let engine = RecordingSpeechEngine()
    var options = NarrationOptions()
    options.dialogueVoice = "gmw/de"
    let narrator = try Narrator(engine: engine, options: options, language: "en")
    let book = Book(pages: [Page(utterances: [Utterance("“Come here,” said Watson, “at once.”\n"), Utterance("He came.")])])
    let recorder = TimingRecorder()
    _ = try narrator.narrate(BookPageStream(book), to: MemorySink(), observer: recorder)
    #expect(engine.requests.map(\.voice) == ["gmw/de", "gmw/en", "gmw/de", "gmw/en"])
    #expect(engine.requests.map { $0.segments.map(\.text).joined() } == [
        "“Come here,” ", "said Watson, ", "“at once.”\n", "He came.",
    ])
    #expect(recorder.timings.map(\.text) == ["“Come here,” said Watson, “at once.”\n", "He came."])
    let words = recorder.timings[0].words
    #expect(words.map(\.text) == ["Come", "here", "said", "Watson", "at", "once"])
    #expect(words.map(\.voice) == ["gmw/de", "gmw/de", "gmw/en", "gmw/en", "gmw/de", "gmw/de"])
    #expect(words.map(\.range) == [1..<5, 6..<10, 13..<17, 18..<24, 27..<29, 30..<34])
    #expect(words.map(\.startSample) == words.map(\.startSample).sorted())
}

/// A sentence spoken on its own (as the terminal reader does) after the
/// paragraph's earlier text: a quotation opened there is still open, so its
/// words are in the dialogue voice as they are when the whole book is read.
@Test(arguments: [("“Hello. ", "How are you?” she said.\n"), ("He said, ‘Hello. ", "How are you?’ she said.\n")])
func aSentenceSpokenAloneKnowsTheQuotationItStartsIn(context: String, sentence: String) throws {
    let engine = RecordingSpeechEngine()
    var options = NarrationOptions()
    options.dialogueVoice = "gmw/de"
    let narrator = try Narrator(engine: engine, options: options, language: "en")
    _ = try narrator.speak([Utterance(sentence)], after: context, to: MemorySink())
    #expect(engine.requests.map(\.voice) == ["gmw/de", "gmw/en"])
    #expect(engine.requests.map { $0.segments.map(\.text).joined() } == [
        String(sentence.prefix(14)), String(sentence.dropFirst(14)),
    ])
    let alone = RecordingSpeechEngine()
    _ = try Narrator(engine: alone, options: options, language: "en").speak([Utterance(sentence)], to: MemorySink())
    #expect(alone.requests.map(\.voice) == ["gmw/en"])
}

/// A line of quoted verse spoken on its own after the lines before it: in
/// the dialogue voice when the text around it closes the quotation (the
/// line after it, or the line itself), in the main one when nothing does.
@Test(arguments: [
    ("‘Twinkle, twinkle, little bat!\n", "How I wonder what you’re at!’\n", "", "gmw/de"),
    ("‘Twinkle, twinkle, little bat!\n", "Up above the world you fly,\n", "Like a tea-tray in the sky.’", "gmw/de"),
    ("He sang.\n‘Twinkle, twinkle, little bat!\n", "Up above the world you fly,\n", "Like a tea-tray in the sky.’", "gmw/de"),
    ("‘Twinkle, twinkle, little bat!\n", "Up above the world you fly,\n", "", "gmw/en"),
    ("‘Twinkle, twinkle, little bat!\n", "Up above the world you fly,\n", "‘Like a tea-tray in the sky.’", "gmw/en"),
])
func aLineSpokenAloneKnowsTheVerseItIsQuotedIn(context: String, line: String, following: String, voice: String) throws {
    let engine = RecordingSpeechEngine()
    var options = NarrationOptions()
    options.dialogueVoice = "gmw/de"
    let narrator = try Narrator(engine: engine, options: options, language: "en")
    _ = try narrator.speak([Utterance(line)], after: context, before: following, to: MemorySink())
    #expect(engine.requests.map(\.voice) == [voice])
}
