import Testing

@testable import Segmentation
@testable import TextPrimitives

/// A case written as marked text: `¦` stands where a sentence must end. The
/// input is the text without the marks.
struct MarkedText: CustomTestStringConvertible, Sendable {
    let marked: String
    let language: String?

    init(_ marked: String, language: String? = nil) {
        self.marked = marked
        self.language = language
    }

    var input: String { marked.replacingOccurrences(of: "¦", with: "") }
    /// The expected sentences: cut at the marks, each keeping the whitespace
    /// that follows it (the mark is written before that whitespace).
    var expected: [String] {
        var sentences: [String] = []
        for piece in marked.split(separator: "¦", omittingEmptySubsequences: true) {
            let space = piece.prefix { $0.isWhitespace }
            if !sentences.isEmpty { sentences[sentences.count - 1] += space }
            sentences.append(String(piece.dropFirst(space.count)))
        }
        return sentences
    }
    var testDescription: String { (language.map { "[\($0)] " } ?? "") + marked }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

@Test(arguments: [
    // Plain terminators, `?!` clusters, trailing whitespace kept.
    MarkedText("Mr. Smith arrived.¦ He sat down!¦ Did he?"),
    MarkedText("Really?!¦ No way!!!¦ Yes."),
    // Titles, abbreviations, initials.
    MarkedText("Dr. Watson met Mrs. Hudson at St. Paul's.¦ They talked."),
    MarkedText("J. R. R. Tolkien wrote it.¦ J.R.R. Tolkien did."),
    MarkedText("Bring fruit, e.g. apples, i.e. something sweet.¦ Then go."),
    MarkedText("It was Smith vs. Jones.¦ Jones won."),
    MarkedText("We met at 5 p.m. and left at 6 a.m.¦ The day was long."),
    MarkedText("He arrived at 5 p.m.¦ Then he ate."),
    MarkedText("She moved to the U.S. Army base.¦ It was cold."),
    MarkedText("He lives in the U.S.¦ He likes it."),
    MarkedText("Apples, pears, etc. were sold.¦ Etc. is short."),
    MarkedText("See No. 5 on p. 12.¦ It is there."),
    MarkedText("Martin Luther King Jr. was born in 1929.¦ He died in 1968."),
    MarkedText("The answer is no.¦ Then we left."),
    // Decimals and amounts.
    MarkedText("Pi is 3.14 or so.¦ It costs $1,000.50 today.¦ Rates rose 2.5% this year."),
    // Ellipses.
    MarkedText("Well… I don't know.¦ Wait... what?¦ And then…¦ Nothing."),
    MarkedText("He paused . . . and went on.¦ End."),
    // Quotes and brackets after the mark.
    MarkedText("\"Stop!\" he said.¦ She stopped."),
    MarkedText("“Stop!”¦ The car stopped.¦ “Why?” she asked."),
    MarkedText("(See the note.)¦ The note says nothing."),
    MarkedText("He said ‘no.’¦ She left."),
    // Lists.
    MarkedText("1. Introduction to the topic"),
    MarkedText("a. First point and more"),
    MarkedText("IV. The fourth chapter"),
    MarkedText("2.1.3. Configurer pbuilder", language: "fr"),
    MarkedText("I counted to 5.¦ Then I stopped."),
    // URLs and e-mail.
    MarkedText("Visit www.example.com/index.html today.¦ Or write to ann.lee@example.org now."),
    MarkedText("See https://example.com/?Q=1 for more.¦ Thanks."),
    // Missing space after a period.
    MarkedText("This is the end.¦The next one starts here."),
    // German, French, Spanish abbreviations.
    MarkedText("Wir kaufen Obst, z.B. Äpfel, d.h. etwas Süßes.¦ Dann gehen wir.", language: "de"),
    MarkedText("Er wohnt in der Hauptstr. 5, Nr. 3 usw.¦ Das ist alles.", language: "de"),
    MarkedText("„Halt!“ rief er.¦ Sie blieb stehen.", language: "de"),
    MarkedText("M. Dupont est arrivé.¦ Il s'est assis.", language: "fr"),
    MarkedText("Pas de panique !¦ Vérifiez l'article, c.-à-d. la page.¦ Voilà.", language: "fr"),
    MarkedText("El Sr. García llegó.¦ ¿Quién es?¦ ¡Qué bien!", language: "es"),
    MarkedText("Compró frutas, p.ej. manzanas.¦ Luego salió.", language: "es"),
    // Scripts without spaces between sentences.
    MarkedText("吾輩は猫である。¦名前はまだ無い。¦どこで生れたか？¦「にゃあ。」¦終わり"),
    MarkedText("你好！¦你是谁？¦我是学生。"),
    MarkedText("هل أنت بخير؟¦ نعم، أنا بخير."),
    MarkedText("آپ کیسے ہیں؟¦میں ٹھیک ہوں۔¦شکریہ"),
    // Issue 13: a speech tag after a quoted question or exclamation.
    MarkedText("“Where?” Holmes asked.¦ He left."),
    MarkedText("“Stop!” Mr. Hall cried.¦ “What?” I asked.¦ “Nothing.”"),
    MarkedText("“Who is this?”¦ She said it to the Knave."),
    // A closing quote standing alone after a nested one; an ellipsis that
    // opens a quotation.
    MarkedText("“He said ‘Go home.’ ”¦ She went."),
    MarkedText("He paused.¦ “… and then it was over.”"),
    // Spaced abbreviations and units.
    MarkedText("Es gibt z. B. Äpfel, u. Ä. Obst.¦ Dann gehen wir.", language: "de"),
    MarkedText("The wall stood 250 ft.¦ North of the line lay the river."),
    MarkedText("I can see Mt. Fuji from here.¦ It is far."),
    MarkedText("He left the bank at 6 P.M.¦ Then he went home."),
    MarkedText("Wir treffen uns am 12. Juni.¦ Der Zug fährt um 8 Uhr.", language: "de"),
    // The pronoun I against an initial.
    MarkedText("We make a good team, you and I.¦ Did you see Albert I. Jones yesterday?"),
    // An initial or title after an em dash glued to it; an en dash joins numbers.
    MarkedText("—H. G. Wells, 1895"),
    MarkedText("She waited—Mr. Darcy was late.¦ He came at last."),
    MarkedText("The war of 1914–1918.¦ Then peace came."),
    // Lists written on one line.
    MarkedText("1.) The first item¦ 2.) The second item"),
    MarkedText("1) The first item.¦ 2) The second item."),
    MarkedText("1. The first item¦ 2. The second item"),
    MarkedText("a. The first item¦ b. The second item¦ c. The third list item"),
    MarkedText("• 9. The first item¦ • 10. The second item"),
    MarkedText("⁃9. The first item¦ ⁃10. The second item"),
    MarkedText("Вот список: 1.мороженое, 2.мясо, 3.рис.", language: "ru"),
    // Ellipses inside and ending a sentence; a bracketed omission; a citation.
    MarkedText("I never meant that....¦ She left the store."),
    MarkedText("It ends with a period . . . .¦ Next sentence."),
    MarkedText("It was that of combining words into compounds.¦ . . . The practice was not abandoned. . . ."),
    MarkedText("I wasn’t really ... well, what I mean...see . . . what I'm saying, the thing is . . . I didn’t mean it."),
    MarkedText("\"Bohr [...] used the analogy of parallel stairways [...]\" (Smith 55).¦ Then he left."),
    MarkedText("81 procent was raak.¦ ...en toen barste de hel los.", language: "nl"),
    // Missing spaces.
    MarkedText("Hello world.¦Today is Tuesday.¦Mr. Smith went to the store and bought 1,000.¦That is a lot."),
    MarkedText("Her email is Jane.Doe@example.com.¦ I sent her an email."),
    // Other scripts and their marks.
    MarkedText("Ի՞նչ ես մտածում:¦ Ոչինչ:", language: "hy"),
    MarkedText("Με συγχωρείτε· πού είναι οι τουαλέτες;¦ Τις Κυριακές δε δούλευε κανένας.", language: "el"),
    MarkedText("እንደምን አለህ፧¦መልካም ቀን ይሁንልህ።"),
    MarkedText("我们明天一起去看《摔跤吧！爸爸》好吗？¦好！"),
])
func splitsSentencesAtTheMarkedBoundaries(_ text: MarkedText) {
    let splitter = SentenceSplitter(language: text.language)
    #expect(splitter.sentences(in: text.input) == text.expected)
}

/// Grammatical sentences keep whole a quotation the sentence goes on after;
/// the utterance boundaries still cut inside it, so each quoted sentence is
/// spoken with its own fall.
@Test(arguments: [
    MarkedText("„Prieskumy beriem na ľahkú váhu. V podstate ma to nezaujíma,“ reagoval Matovič.¦ Potom odišiel.", language: "sk"),
    MarkedText("«К чему ты готовишься? – спросила мама. – Завтра ведь выходной».¦ Он ушёл.", language: "ru"),
    MarkedText("“I am glad. It is fine,” said Elizabeth.¦ She smiled."),
    MarkedText("“Stop!”¦ The car stopped."),
])
func grammaticalSentencesKeepAQuotationTheSentenceGoesOnAfter(_ text: MarkedText) {
    let splitter = SentenceSplitter(language: text.language)
    #expect(splitter.sentences(in: text.input) == text.expected)
    let scalars = Array(text.input.unicodeScalars)
    #expect(splitter.sentenceEnds(in: scalars, range: 0..<scalars.count).count >= text.expected.count)
}

@Test(arguments: ["", "   ", "No terminator at all", "Ends with space. ", "...", "?!?!", "\u{301}. A"])
func sentencesConcatenateBackToTheText(_ text: String) {
    #expect(SentenceSplitter().sentences(in: text).joined() == text)
}

@Test func countsOnlySentencesThatHaveWords() {
    let splitter = SentenceSplitter()
    #expect(splitter.sentenceCount(in: "One. Two! Three? ... ") == 3)
    #expect(splitter.sentenceCount(in: "") == 0)
}
