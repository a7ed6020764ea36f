import Testing
import TextPrimitives

@testable import ProsodyHeuristics

/// The word-at-a-time counts behind `TextStyles.mostly(in:)` agree with
/// counting flag by flag, at every length and alignment.
struct TextStylesTests {
    @Test func wordAtATimeCountsAgreeWithCountingEachFlag() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let flags = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...15, using: &random) }
            let start = Int.random(in: 0...flags.count, using: &random)
            let end = Int.random(in: start...flags.count, using: &random)
            let slice = flags[start..<end]
            let letters = slice.filter { $0 & 8 != 0 }
            let expected = (
                letters: letters.count, dialogue: letters.filter { $0 & 1 != 0 }.count,
                parenthetical: letters.filter { $0 & 2 != 0 }.count, emphasized: letters.filter { $0 & 4 != 0 }.count)
            let counts = flags.withUnsafeBytes { TextStyles.counts(of: UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
            #expect(counts == expected, "\(Array(slice))")
        }
    }

    /// Most letters decide; marks and spaces do not count.
    @Test func stylesAreThoseOfMostLetters() {
        let text = Array("He said “yes, yes” (quietly) and *went*".unicodeScalars)
        let styles = TextStyles(text, emphasizedRanges: [])
        let quoted = 9..<17
        #expect(String(String.UnicodeScalarView(text[quoted])) == "yes, yes")
        #expect(styles.mostly(in: quoted) == .dialogue)
        let aside = 19..<27
        #expect(String(String.UnicodeScalarView(text[aside])) == "(quietly")
        #expect(styles.mostly(in: aside) == .parenthetical)
        #expect(styles.mostly(in: 0..<7).isEmpty)
        #expect(styles.mostly(in: 33..<39) == .emphasized)
    }

    /// A word in capitals is emphasised whether its letters are ASCII or
    /// not, and a word ends at the space after a letter beyond ASCII.
    /// ‘…’ mark speech as “…” do (British books) and ‚…‘ as „…“ do;
    /// apostrophes inside and in front of words leave the style alone.
    @Test(arguments: [
        ("‘Stop,’ she said.", ["Stop"], ["she", "said"]),
        ("She said, ‘Yes,’ and left.", ["Yes"], ["She", "said", "and", "left"]),
        ("She said ‘yes’ and fought ‘gainst the wind.", [], ["She", "yes", "and", "gainst", "wind"]),
        ("Alice said to herself ‘That’s enough,’ and stopped.", ["That", "enough"], ["Alice", "herself", "stopped"]),
        ("He muttered 'Not now' and left O'Brien.", ["Not", "now"], ["He", "muttered", "left", "Brien"]),
        ("‘Go to ‘Arry’s,’ he said.", ["Go", "Arry"], ["he", "said"]),
        ("‘\u{200A}’Tis the voice,’ she began.", ["Tis", "voice"], ["she", "began"]),
        ("‘I know his sisters’ views well,’ he said.", ["know", "sisters", "views", "well"], ["he", "said"]),
        ("She said, ‘Yes’ and left; ‘the dogs’ dinner’ was cold.", ["Yes", "dogs"], ["She", "left", "dinner", "cold"]),
        ("She called them ‘Those old trees’ and left.", ["Those", "old", "trees"], ["She", "called", "and", "left"]),
        ("— Tu viens ? demanda-t-elle. Il est tard.", ["Tu", "viens", "Il", "est", "tard"], ["demanda", "elle"]),
        ("« Non, dit-il, jamais. » Elle sortit.", ["Non", "jamais"], ["dit", "il", "Elle", "sortit"]),
        ("— Oui, dit Marie.", ["Oui"], ["dit", "Marie"]),
        ("» Mais vous n’étiez pas là, dit-il. » Il sortit.", ["Mais", "vous", "là"], ["dit", "il", "Il", "sortit"]),
        ("»Komm her«, sagte er. Sie kam.", ["Komm", "her"], ["sagte", "Sie", "kam"]),
        ("— Oui, dit marie, dis Marie.", ["Oui", "dit", "marie", "dis", "Marie"], []),
        ("“Well, bless-you, no,” she said.", ["Well", "bless", "you", "no"], ["she", "said"]),
        ("“Stop, head-on or not!” she said. « Non, dit-on, jamais. »", ["Stop", "head", "not", "Non", "jamais"],
         ["she", "said", "dit"]),
        ("«No sé —dijo él, sonriendo—, quizás mañana.» Se fue.", ["No", "sé", "quizás", "mañana"],
         ["dijo", "él", "sonriendo", "Se", "fue"]),
        ("“I was — well — surprised, and—well—glad.”", ["was", "well", "surprised", "glad"], []),
        ("“You see him ‘quid,” said he.", ["You", "see", "quid"], ["said", "he"]),
        ("'Well!' thought Alice, 'I can't say it's mine.' The boys' hats fell.", ["Well", "can", "say", "mine"],
         ["thought", "Alice", "boys", "hats", "fell"]),
        ("'Tis true, rock 'n' roll, in '69 and the '60s.", [], ["Tis", "true", "rock", "roll", "69", "60s"]),
        ("—¿Vienes? —preguntó ella—. Es tarde.", ["Vienes", "Es", "tarde"], ["preguntó", "ella"]),
        ("— Ты придёшь? — спросила она. — Уже поздно.", ["Ты", "придёшь", "Уже", "поздно"], ["спросила", "она"]),
        ("In 1914–1918 the war — a long one — went on.", [], ["1914", "war", "long", "went"]),
        ("「ここらに休む所はないかね」と聞いた。", ["ここらに休む所はないかね"], ["と聞いた"]),
        ("»Komm her«, sagte er. Sie kam nicht.", ["Komm", "her"], ["sagte", "Sie", "kam", "nicht"]),
        ("”Kom hit”, sa han. Hon kom inte.", ["Kom", "hit"], ["sa", "han", "Hon", "inte"]),
        ("« Viens ici », dit-il. Elle ne vint pas.", ["Viens", "ici"], ["dit", "Elle", "vint"]),
        ("‘I don’t know,’ he said, ‘but I’ll go.’", ["don", "know", "but", "go"], ["he", "said"]),
        ("’Tis the dogs’ dinner; don’t touch it.", [], ["Tis", "dogs", "dinner", "touch"]),
        ("Rock ‘n’ roll, ‘tis true, ‘em all.", [], ["Rock", "roll", "tis", "true", "all"]),
        ("„Ja“, sagte sie, ‚nein‘, sagte er.", ["Ja", "nein"], ["sagte", "sie", "er"]),
        ("“He said ‘no’ to me,” she said.", ["He", "no", "me"], ["she"]),
    ])
    func singleQuotesMarkSpeechNotApostrophes(_ text: String, quoted: [String], narrated: [String]) {
        let scalars = Array(text.unicodeScalars)
        let styles = TextStyles(scalars, emphasizedRanges: [])
        func style(of word: String) -> TextStyles.Flags {
            let word = Array(word.unicodeScalars)
            let start = (0...(scalars.count - word.count)).first { Array(scalars[$0..<($0 + word.count)]) == word } ?? 0
            return styles.mostly(in: start..<(start + word.count))
        }
        for word in quoted { #expect(style(of: word) == .dialogue, "\(word) in \(text)") }
        for word in narrated { #expect(style(of: word).isEmpty, "\(word) in \(text)") }
    }

    @Test func wordsInCapitalsMayHoldLettersBeyondASCII() {
        let text = Array("un café BAR ici, le CAFÉ était ÉTÉ mais pas CAFé".unicodeScalars)
        let styles = TextStyles(text, emphasizedRanges: [])
        func style(of word: String) -> TextStyles.Flags {
            let scalars = Array(word.unicodeScalars)
            let start = (0...(text.count - scalars.count)).first { Array(text[$0..<($0 + scalars.count)]) == scalars } ?? 0
            return styles.mostly(in: start..<(start + scalars.count))
        }
        #expect(style(of: "BAR") == .emphasized)
        #expect(style(of: "CAFÉ") == .emphasized)
        #expect(style(of: "ÉTÉ") == .emphasized)
        #expect(style(of: "café").isEmpty)
        #expect(style(of: "CAFé").isEmpty)
        #expect(style(of: "était").isEmpty)
    }

    /// The table-driven first pass gives every scalar the flags of the plain
    /// definition (below): on generated text of ASCII and other letters,
    /// capitals (titlecase too), digits of other scripts, quotation marks,
    /// brackets, emphasis markers and spaces.
    @Test func flagsAreThoseOfThePlainDefinition() {
        let alphabet = Array("aZbY qQ  III MCM 09 \"()[]*_ éÉßÇ ǅ ΣσΩ 中 ٣ “”„«» ‘’‘’‚'' tis em n —– 「」『』 ,.;!?-\t\u{200A}".unicodeScalars)
        var random = SystemRandomNumberGenerator()
        for round in 0..<20_000 {
            let length = Int.random(in: 0...(round < 19_000 ? 24 : 400), using: &random)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &random) ?? " " }
            let styles = TextStyles(text, emphasizedRanges: [])
            // Emphasis by `*` and `_` is not the first pass's: compared without
            // it; the bits above the styles and `letterOrDigit` (letter,
            // capital) are the pass's own.
            let mask: UInt8 = text.contains("*") || text.contains("_") ? 0x0B : 0x0F
            let expected = PlainStyles.flags(of: text).map { $0 & mask }
            let flags = styles.flags.map { $0.rawValue & mask }
            #expect(flags == expected, "\(String(String.UnicodeScalarView(text)))")
            if flags != expected { return }
        }
    }

    /// The same on generated dialogue made of words, marks and speech tags
    /// set inside the speech (`dit-il`, `demanda-t-elle`), which letters
    /// drawn one by one seldom spell.
    @Test func tagsInsideSpeechAreThoseOfThePlainDefinition() {
        let pieces = ["— ", "—", " —", "–", "« ", " »", "“", "”", "‘", "’", "\"", "Tu ", "viens", " ", " ? ", "? ", ", ", ",", ". ",
            "! ", "… ", "; ", "dit-il", "demanda-t-elle", "dit-elles", "pense-t-on", "dit-on", "head-on", "est-ce", "il", "-",
            "t-", "on", "Marie", "dit ", "répondit ", "le ", "l’", "s’écria ", "sa ", "homme", "fit ",
            "dit", "vous", "(", ")", "\n", "Mark Twain", "H. ", "G.", "Wells", "1895", "St.", "of", ":", "4"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...16, using: &random)
            let text = Array((0..<count).map { _ in pieces.randomElement(using: &random) ?? " " }.joined().unicodeScalars)
            let expected = PlainStyles.flags(of: text).map { $0 & 0x0F }
            let flags = TextStyles(text, emphasizedRanges: []).flags.map { $0.rawValue & 0x0F }
            #expect(flags == expected, "\(String(String.UnicodeScalarView(text)))")
            if flags != expected { return }
        }
    }
}

/// The same on paragraphs opened by a dash and made of names, initials,
/// numbers, titles and punctuation: an author's name after the dash is not
/// speech, a line that speaks is.
@Test func attributionsAreThoseOfThePlainDefinition() {
    let pieces = ["Mark", "Twain", "H.", "G.", "Wells", "1895", "of", "the", "Oui", "viens", "St.", "Mrs.", "Dr", "(", ")", "23:4",
        ":", "“Title”", "?", "!", "…", ";", ",", ".", ". ", " ", " ", " ", "—", " — ", "–", "-", "\n", "\u{200A}", "中", "é", "É",
        "Jean-Paul"]
    var random = SystemRandomNumberGenerator()
    var attributions = 0
    for _ in 0..<20_000 {
        let count = Int.random(in: 0...14, using: &random)
        let words = (0..<count).map { _ in pieces.randomElement(using: &random) ?? " " }
        let text = Array((["—", "— ", " — "].randomElement(using: &random)! + words.joined()).unicodeScalars)
        let expected = PlainStyles.flags(of: text).map { $0 & 0x0F }
        let flags = TextStyles(text, emphasizedRanges: []).flags.map { $0.rawValue & 0x0F }
        #expect(flags == expected, "\(String(String.UnicodeScalarView(text)))")
        if flags != expected { return }
        if text.contains(where: { $0.properties.isAlphabetic }), !flags.contains(where: { $0 & 1 != 0 }) { attributions += 1 }
    }
    // Both kinds are drawn: the comparison is not of speech alone.
    #expect(attributions > 500)
}

/// A verb of saying before its noun subject starts a speech tag inside the
/// speech, in French and Italian; other words after a comma do not.
@Test(arguments: [
    ("— Oui, dit Marie. Je viens.", "dit Marie", true), ("« Non, répondit le vieillard, jamais. »", "répondit le vieillard", true),
    ("— Viens ici, s’écria sa mère.", "s’écria sa mère", true), ("«Sì, disse il padrone, domani.»", "disse il padrone", true),
    ("— Entre, dit l’homme.", "dit l’homme", true), ("— Tu viens ? demanda-t-elle.", "demanda-t-elle", true),
    ("« Je ne sais, reprit d’Artagnan, rien. »", "reprit d’Artagnan", true),
    ("— Tout ce qu’on dit, Marie, est faux.", "Marie,", false), ("— Il a tout dit, lui.", "lui.", false),
    ("“It was good, fit for a king,” he said.", "fit for a king,", false), ("— Oui, dit marie.", "dit marie.", false),
    ("— Oui, dites Marie.", "dites Marie.", false),
])
func aVerbOfSayingBeforeItsSubjectIsATag(line: String, words: String, isTag: Bool) {
    let text = Array(line.unicodeScalars)
    let styles = TextStyles(text, emphasizedRanges: [])
    let part = Array(words.unicodeScalars)
    let start = (0...(text.count - part.count)).first { Array(text[$0..<($0 + part.count)]) == part } ?? 0
    let dialogue = styles.flags[start..<(start + part.count)].filter(\.isDialogue).count
    #expect(isTag ? dialogue == 0 : dialogue == part.count, "\(line)")
}

/// A paragraph opened by a dash is speech unless its line names who said
/// or wrote the quotation before it.
@Test(arguments: [
    ("— Mark Twain", false), ("—H. G. Wells, The Time Machine (1895)", false), ("—Robert Burns.", false),
    ("—Marcus Aurelius, Meditations", false), ("— Psalm 23:4", false), ("— Attributed to Voltaire", false),
    ("— Jean-Paul Sartre, 1943\nand more", false),
    ("— Oui.", true), ("— Non, merci.", true), ("— Marie !", true), ("— Tu viens ? demanda-t-elle.", true),
    ("—Introibo ad altare Dei.", true), ("— Non. Pas encore", true), ("— Letter to his brother, 1880", true),
    ("—¿Vienes?", true), ("— Yet when we came back, late, from the Hyacinth garden", true), ("— it was late", true),
    ("—喜びの深きとき", true), ("— Mark — Twain", true), ("— \(String(repeating: "Name ", count: 13))", true),
])
func aDashBeforeAnAuthorsNameOpensNoSpeech(line: String, isSpeech: Bool) {
    let text = Array(line.unicodeScalars)
    let styles = TextStyles(text, emphasizedRanges: [])
    let firstWord = text.firstIndex { $0.properties.isAlphabetic } ?? 0
    #expect(styles.flags[firstWord].isDialogue == isSpeech, "\(line)")
}

/// The styles as first defined, scalar by scalar, without emphasis by `*`
/// and `_`: the reference for the table-driven pass.
private enum PlainStyles {
    static func flags(of scalars: [Unicode.Scalar]) -> [UInt8] {
        var flags = [UInt8](repeating: 0, count: scalars.count)
        var (quoteDepth, bracketDepth, german) = (0, 0, false)
        var (singles, germanSingles, reversed) = (0, false, false)
        // » and ” open where none is open, not after a letter or digit and before a non-space.
        func startsQuotation(_ offset: Int) -> Bool {
            !isLetterOrDigit(offset - 1) && offset + 1 < scalars.count && !isSpace(offset + 1)
        }
        func continuesFrench(_ offset: Int) -> Bool {
            let lineStart = (scalars[..<offset].lastIndex(of: "\n") ?? -1) + 1
            let next = scalars[(offset + 1)...].firstIndex { !$0.properties.isWhitespace || $0 == "\n" } ?? scalars.count
            return scalars[lineStart..<offset].allSatisfy { $0.properties.isWhitespace } && next > offset + 1
                && next < scalars.count && isCapital(scalars[next])
        }
        // A paragraph opened by a dash is speech; each later dash outside
        // quotation marks (not between two letters or digits) turns it.
        var dashSpeech: Bool?
        func isLetterOrDigit(_ offset: Int) -> Bool {
            scalars.indices.contains(offset)
                && (scalars[offset].properties.isAlphabetic || scalars[offset].properties.numericType == .decimal)
        }
        func isSpace(_ offset: Int) -> Bool { scalars.indices.contains(offset) && scalars[offset].properties.isWhitespace }
        // ‘ opens where a word may start, before a non-space (hair and thin
        // spaces passed over), unless ‘tis, ‘em, ‘n’ and their kind follow;
        // after a word and a space, before a capital with no single open;
        // ’ closes where a word ends, after a non-space.
        func opensSingle(_ offset: Int) -> Bool {
            let previous = scalars[..<offset].lastIndex { !$0.properties.isWhitespace } ?? -1
            let next = scalars[(offset + 1)...].firstIndex { $0 != "\u{200A}" && $0 != "\u{2009}" } ?? scalars.count
            guard next < scalars.count, !isSpace(next) else { return false }
            if isLetterOrDigit(previous) {
                guard singles == 0, previous < offset - 1, isCapital(scalars[next]) else { return false }
            }
            let word = String(String.UnicodeScalarView(scalars[(offset + 1)...].prefix { $0.properties.isAlphabetic }))
            return word.count > 5 || !["tis", "twas", "twere", "twill", "twould", "em", "cause", "cos", "til", "n", "bout",
                "neath", "tween", "twixt"].contains(word.lowercased())
        }
        func closesSingle(_ offset: Int) -> Bool {
            offset > 0 && !isSpace(offset - 1) && !isLetterOrDigit(offset + 1) && !isPluralPossessive(offset)
        }
        // s’ before a small letter (or at the end, where the text that
        // follows would tell), three white spaces before it and no opening
        // mark at a word's start after the third.
        func isPluralPossessive(_ offset: Int) -> Bool {
            let atEnd = offset + 1 == scalars.count || (offset + 2 == scalars.count && scalars[offset + 1] == " ")
            guard offset >= 2, scalars[offset - 1] == "s", scalars[offset - 2].properties.isAlphabetic,
                atEnd || (offset + 2 < scalars.count && scalars[offset + 1] == " " && scalars[offset + 2].properties.isLowercase)
            else { return false }
            let spaces = scalars[..<offset].indices.filter { isSpace($0) }
            guard spaces.count >= 3 else { return false }
            let third = spaces[spaces.count - 3]
            return !((third + 1)..<offset).contains { index in
                (scalars[index] == "‘" || scalars[index] == "'") && !isLetterOrDigit(index - 1)
            }
        }
        var (letters, capitals) = (0, 0)
        var shouted: [Range<Int>] = []
        var wordStart = -1
        func endWord(_ end: Int) {
            guard wordStart >= 0 else { return }
            let word = scalars[wordStart..<end]
            letters += word.count
            let wordCapitals = word.filter(isCapital).count
            capitals += wordCapitals
            if word.count >= 2, wordCapitals == word.count, !word.allSatisfy({ "IVXLCDM".unicodeScalars.contains($0) }) {
                shouted.append(wordStart..<end)
            }
            wordStart = -1
        }
        // A tag inside speech: after , ? ! or … and white space, a word in
        // small letters, a hyphen (and t-) and a subject pronoun; it ends at
        // the next , . ; ? ! or ….
        var (inTag, tagUntilDash) = (false, false)
        func isTagVerb(_ start: Int) -> Bool {
            let verb = scalars[start...].prefix { $0.properties.isLowercase }
            guard !verb.isEmpty, start + verb.count < scalars.count, scalars[start + verb.count] == "-" else {
                // Or a verb of saying before a noun subject (`dit Marie`): the
                // word lists' own test is `aVerbOfSayingBeforeItsSubjectIsATag`.
                return scalars.withUnsafeBufferPointer { SpeechTagVerbs.saysBeforeItsSubject($0, at: start) }
            }
            var rest = scalars[(start + verb.count + 1)...]
            if rest.starts(with: ["t", "-"]) { rest = rest.dropFirst(2) }
            let pronoun = rest.prefix { $0.properties.isLowercase }
            guard !isLetterOrDigit(rest.startIndex + pronoun.count) else { return false }
            let subject = String(String.UnicodeScalarView(pronoun))
            // `on` only after -t- or a verb in -it (dit-on), not head-on.
            if subject == "on" { return rest.startIndex > start + verb.count + 1 || verb.suffix(2).elementsEqual("it".unicodeScalars) }
            return ["il", "elle", "ils", "elles", "je", "tu", "nous", "vous"].contains(subject)
        }
        for (offset, scalar) in scalars.enumerated() {
            let insideMarks = quoteDepth > 0 || singles > 0 || dashSpeech == true
            if ",.;?!…".unicodeScalars.contains(scalar) {
                if inTag {
                    if !tagUntilDash { inTag = false }
                } else if insideMarks, ",?!…".unicodeScalars.contains(scalar) {
                    let next = scalars[(offset + 1)...].firstIndex { !$0.properties.isWhitespace } ?? scalars.count
                    inTag = next > offset + 1 && next < scalars.count && isTagVerb(next)
                }
            }
            switch scalar {
            case "„": quoteDepth += 1; german = true
            // » and a space first in the paragraph or line, before a capital:
            // French speech going on.
            case "»" where continuesFrench(offset): quoteDepth = max(quoteDepth, 1)
            case "»" where quoteDepth == 0 && startsQuotation(offset): quoteDepth += 1; reversed = true
            case "«" where reversed && quoteDepth > 0: quoteDepth -= 1
            case "”" where quoteDepth == 0 && startsQuotation(offset): quoteDepth += 1
            case "“" where german && quoteDepth > 0, "”", "»": quoteDepth = max(0, quoteDepth - 1)
            case "“", "«", "「", "『": quoteDepth += 1
            case "」", "』": quoteDepth = max(0, quoteDepth - 1)
            case "\"": quoteDepth = quoteDepth > 0 ? quoteDepth - 1 : 1
            case "‚" where quoteDepth == 0: singles += 1; germanSingles = true
            case "‘" where quoteDepth > 0, "’" where quoteDepth > 0: break
            case "‘" where germanSingles && singles > 0: singles -= 1
            case "‘" where opensSingle(offset): singles += 1
            case "’" where singles > 0 && closesSingle(offset): singles -= 1
            case "'" where quoteDepth > 0: break
            case "'" where singles > 0 && closesSingle(offset): singles -= 1
            case "'" where opensSingle(offset): singles += 1
            // A dash inside quotation marks before a small letter starts a
            // tag the next dash ends (`«No sé —dijo él—, quizás.»`).
            case "—" where quoteDepth > 0 || singles > 0, "–" where quoteDepth > 0 || singles > 0:
                if inTag {
                    (inTag, tagUntilDash) = (false, false)
                } else if isSpace(offset - 1), offset + 1 < scalars.count, scalars[offset + 1].properties.isLowercase {
                    (inTag, tagUntilDash) = (true, true)
                }
            case "—", "–":
                inTag = false
                if let speech = dashSpeech {
                    if !(isLetterOrDigit(offset - 1) && isLetterOrDigit(offset + 1)) { dashSpeech = !speech }
                } else if scalars[..<offset].allSatisfy({ $0.properties.isWhitespace }),
                    !"“„«\"‘‚'".unicodeScalars.contains(scalars[(offset + 1)...].first { !$0.properties.isWhitespace } ?? " "),
                    !isAttribution(scalars, after: offset)
                {
                    dashSpeech = true
                }
            case "(", "[": bracketDepth += 1
            case ")", "]": bracketDepth = max(0, bracketDepth - 1)
            default: break
            }
            if quoteDepth == 0 { (german, reversed) = (false, false) }
            if singles == 0 { germanSingles = false }
            let inside = quoteDepth > 0 || singles > 0 || dashSpeech == true
            if !inside { (inTag, tagUntilDash) = (false, false) }
            let quotes: UInt8 = (inside && !inTag ? 1 : 0) | (bracketDepth > 0 ? 2 : 0)
            let letter = scalar.properties.isAlphabetic
            if letter {
                if wordStart < 0 { wordStart = offset }
            } else {
                endWord(offset)
            }
            let digit = scalar.properties.numericType == .decimal
            flags[offset] = quotes | (letter || digit ? 8 : 0)
        }
        endWord(scalars.count)
        if capitals * 2 < letters {
            for word in shouted { for index in word { flags[index] |= 4 } }
        }
        return flags
    }

    private static func isCapital(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isUppercase || scalar.properties.generalCategory == .titlecaseLetter
    }

    /// The line after a paragraph's first dash names an author or a source
    /// (`— Mark Twain`, `—H. G. Wells, 1895`): at most 100 scalars and 12
    /// words, the first word capitalised, no more small-letter words than
    /// others, none of ? ! … ; ¿ ¡, no dash or colon but between letters or
    /// digits, no period but after an initial or a short title, or at the
    /// very end after two or more capitalised words and no comma.
    private static func isAttribution(_ scalars: [Unicode.Scalar], after dash: Int) -> Bool {
        let line = scalars[(dash + 1)...].prefix { $0 != "\n" }
        guard line.count <= 100 else { return false }
        let words = line.split { $0.properties.isWhitespace }
        func isWordy(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
        }
        var (capitalised, small, counted, comma, finalPeriod) = (0, 0, 0, false, false)
        for (position, word) in words.enumerated() {
            let marks = word.filter { !isWordy($0) }
            if marks.contains(where: { "?!…;¿¡".unicodeScalars.contains($0) }) { return false }
            guard let first = word.first(where: isWordy) else {
                if marks.contains(where: { "—–―".unicodeScalars.contains($0) }) { return false }
                continue
            }
            if isCapital(first) || first.properties.numericType == .decimal {
                capitalised += 1
            } else if first.properties.isLowercase, counted > 0 {
                small += 1
            } else {
                return false
            }
            counted += 1
            comma = comma || marks.contains(",")
            for index in word.indices where !isWordy(word[index]) {
                let between = index > word.startIndex && index + 1 < word.endIndex && isWordy(word[index - 1])
                    && isWordy(word[index + 1])
                if "—–―:".unicodeScalars.contains(word[index]), !between { return false }
                guard word[index] == ".", !between else { continue }
                let letters = String(String.UnicodeScalarView(word[..<index].drop { !isWordy($0) }))
                let titles = ["Dr", "Mr", "Mrs", "Ms", "St", "Jr", "Sr", "Rev", "Ch", "Vol", "Ed", "ed", "trans", "Bk", "Mme",
                    "Mlle"]
                if (letters.unicodeScalars.count == 1 && letters.unicodeScalars.allSatisfy(isCapital)) || titles.contains(letters) {
                    continue
                }
                guard position == words.count - 1, word[(index + 1)...].allSatisfy({ ")]}”’»›“」』）】〉》〕\u{2060}\"'".unicodeScalars.contains($0) })
                else { return false }
                finalPeriod = true
            }
        }
        guard counted > 0, counted <= 12, small <= capitalised else { return false }
        return !finalPeriod || (counted >= 2 && small == 0 && !comma)
    }
}


/// A style's bit answers as `contains` does, for every set of flags.
@Test func eachStyleReadsAsItsBit() {
    for raw in UInt8.min...UInt8.max {
        let flags = TextStyles.Flags(rawValue: raw)
        #expect(flags.isDialogue == flags.contains(.dialogue))
        #expect(flags.isParenthetical == flags.contains(.parenthetical))
        #expect(flags.isEmphasized == flags.contains(.emphasized))
    }
}
