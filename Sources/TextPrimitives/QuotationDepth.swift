/// How deep a text stands in quotation marks, read one scalar at a time:
/// “…” and «…», German „…“ and »…«, Swedish ”…”, Japanese (and Chinese)
/// 「…」 and 『…』, straight double quotes (each opens or closes),
/// and single quotes: ‘…’ as British books (and many others) mark speech,
/// '…' as plain texts of them do, German ‚…‘; and speech set off by dashes,
/// as Spanish, French, Russian and other books write dialogue. Shared by
/// the prosody's dialogue style and the dialogue voice, so that both hear
/// the same quotations.
///
/// A single quote mark doubles as an apostrophe, so it is read by its
/// place. ‘ opens a quotation at the start of a paragraph or after
/// punctuation (the last scalar before it other than white space is not a
/// letter or digit: `said Holmes, ‘and`), before something other than white
/// space (a hair or thin space between two marks, `‘ ’Tis`, is passed
/// over), unless it stands for letters left out (‘tis, ‘em:
/// ``elisions``). After a word and a space it opens speech only before a
/// capital and with no single quotation open (`saying to herself ‘That’s
/// enough’`); before a small letter it is an elision or a word quoted in
/// passing (`fights ‘gainst the wind`, `She said ‘yes’`). ’ closes the
/// single quotation where a word ends (not before a letter or digit) and
/// not after white space. An apostrophe inside a word (don’t) or opening
/// one (’tis) does neither. A straight single quote (') is read by the
/// same rules, as a closing mark when a single quotation is open and one
/// may close there, else as an opening one. Inside a double quotation
/// single quotes nest and are not followed (the double one holds them). A
/// plural's possessive (’ after an s, before a word in small letters) does
/// not end a quotation opened more than three words before; nearer its
/// opening it does (‘The dogs’ dinner is ready’ ends at dogs’): nothing in
/// the text alone tells a short quotation from a possessive there.
///
/// French speech that goes on over several paragraphs (or lines) opens each
/// new one with » and a space before a capital (`» Mais vous n’étiez pas
/// là. »`): a quotation, still open or opened again.
///
/// A paragraph that opens with a dash (— – ―) is speech: `—¿Vienes?
/// —preguntó ella—. Es tarde.`, `— Ты придёшь? — спросила она. — Уже
/// поздно.` Each later dash outside quotation marks turns from the speech
/// to the narrator's words (the speech tag) or back, unless it stands
/// between two letters or digits (`1914–1918`). A dash before a quotation
/// mark (`— “Well,” she said.`) leaves the speech to the marks, and one
/// before a quotation's author or source on a line of its own (`— Mark
/// Twain`: ``Attribution``) opens no speech. The buffer read must then hold
/// the paragraph's line to its end, or more than
/// ``Attribution/maximumLength`` scalars after the dash.
///
/// A speech tag set inside the speech, as French writes it (`— Tu viens ?
/// demanda-t-elle. Il est tard.`, `« Non, dit-il, jamais. »`), is the
/// narrator's: after , ? ! or … inside a quotation, a word in small letters
/// joined by a hyphen to a subject pronoun (`dit-il`, `demanda-t-elle`,
/// `répondit-on`) starts it, and the next , . ; ? ! or … ends it, the
/// speech going on after it; so does a verb of saying before a noun subject
/// (`dit Marie`, `répondit le vieillard`, `disse il padrone`:
/// ``SpeechTagVerbs``). Inside quotation marks, a dash after a space and before a
/// small letter starts a tag as Spanish sets it (`«No sé —dijo él—,
/// quizás.»`), which the next dash ends; other dashes in speech (`“I was —
/// well — surprised”`, `was—well—glad`) are the speech's own.
package struct QuotationDepth {
    private var doubles = 0
    private var singles = 0
    private var germanDoubles = false
    private var germanSingles = false
    /// The open quotation began with » (German and Danish »…«).
    private var reversedGuillemets = false
    /// In a paragraph opened by a dash: whether its text is speech now
    /// (nil: not such a paragraph).
    private var dashSpeech: Bool?
    /// In a speech tag set inside the speech, and what ends it.
    private var tag: Tag?
    /// A plural's s’ ended the text read: the single quotation closes
    /// there unless the next text starts with a small letter.
    private var closesUnlessSmallLetterFollows = false
    /// The outermost open quotation began with a straight double quote,
    /// which reads alike opening and closing.
    private var opensStraight = false

    package init() {}

    /// Whether the text read so far stands inside a quotation.
    package var isInside: Bool { tag == nil && isInsideMarks }

    /// A speech tag set inside the speech.
    private enum Tag {
        /// French `demanda-t-elle`: ends at the next , . ; ? ! or ….
        case untilPunctuation
        /// Spanish `«No sé —dijo él—, quizás.»`: ends at the next dash.
        case untilDash
    }

    /// Inside quotation marks (not dash speech), a tag in it or not.
    package var hasOpenQuotation: Bool { doubles > 0 || singles > 0 }

    /// Inside quotation marks or dash speech, a tag in it or not.
    package var isInsideMarks: Bool { doubles > 0 || singles > 0 || dashSpeech == true }

    /// Forgets every open quotation (a new paragraph or page).
    package mutating func reset() {
        self = QuotationDepth()
    }

    /// The most scalars after a paragraph's end read to tell whether a
    /// quotation left open there goes on (``endParagraph(before:)``).
    package static let continuationLookahead = 2_000
    /// The scalars to give ``endParagraph(before:)`` when there are so
    /// many: ``continuationLookahead`` and a margin the rules may look at
    /// after the last one read (the same cut wherever it is made).
    package static let continuationText = continuationLookahead + continuationMargin
    /// The most scalars a rule reads after the one it decides on (an
    /// author's name after a dash: ``Attribution/maximumLength``).
    private static let continuationMargin = 128

    /// Ends a paragraph: every open quotation is forgotten, as prose
    /// reopens a quotation in its next paragraph with a new mark, unless
    /// the first quotation mark in the text after the paragraph (up to
    /// ``continuationLookahead`` scalars) closes one after some text of its
    /// line: then the quotation goes on across the line break, as quoted
    /// verse set line by line does (`‘Twinkle, twinkle, little bat!` / `How I
    /// wonder what you’re at!’`; `'…'` alike). A straight double quote
    /// neither opens nor closes such a quotation, as it reads alike opening
    /// and closing (`He said "no"`), and a mark first in its line does not
    /// close it (the next paragraph's `"`, French `» Suite`, Swedish
    /// `”Kom`). Speech opened by a dash and speech tags end with the
    /// paragraph either way.
    ///
    /// `text(n)` gives the page's `n`th text after the paragraph (the next
    /// blocks, or utterances; nil past the last), the texts joined by
    /// `separator` when one is given. They are read only as far as the
    /// answer needs: a little first (the next paragraph's first mark most
    /// often decides), more while it is unsure, never more than
    /// ``continuationText`` scalars; the answer is the same however they
    /// are cut. (A closure, not a generic collection: called from other
    /// modules, a generic would build type metadata at every call.)
    package mutating func endParagraph(
        before text: (Int) -> ArraySlice<Unicode.Scalar>?, joinedBy separator: Unicode.Scalar? = nil
    ) {
        var length = 256
        while hasOpenQuotation, !opensStraight {
            let limit = min(length, Self.continuationText)
            var following: [Unicode.Scalar] = []
            var next = 0
            var current = text(0)
            while let piece = current, following.count < limit {
                following += piece.prefix(limit - following.count)
                next += 1
                current = text(next)
                if let separator, current != nil, following.count < limit { following.append(separator) }
            }
            let isWhole = limit == Self.continuationText || (current == nil && following.count < limit)
            if let goesOn = following.withUnsafeBufferPointer({ goesOn(into: $0, isWhole: isWhole) }) {
                return endParagraph(goingOn: goesOn)
            }
            length *= 4
        }
        reset()
    }

    /// Ends a paragraph, its quotation going on into the next or not.
    private mutating func endParagraph(goingOn: Bool) {
        guard goingOn else { return reset() }
        dashSpeech = nil
        tag = nil
        closesUnlessSmallLetterFollows = false
    }

    /// Whether the quotation open at a paragraph's end goes on into
    /// `following`; nil when `following` is only the start of the text
    /// after the paragraph (`isWhole` false) and the answer may depend on
    /// what is left out.
    private func goesOn(into following: UnsafeBufferPointer<Unicode.Scalar>, isWhole: Bool) -> Bool? {
        let sure = isWhole || following.count >= Self.continuationText ? Int.max : following.count - Self.continuationMargin
        guard let (index, closes) = firstChange(in: following) else {
            return sure == Int.max ? false : nil
        }
        return index < sure ? closes : nil
    }

    /// Reads every scalar of `scalars` that may change the depth, from its
    /// start (a paragraph's start).
    package mutating func read(all scalars: UnsafeBufferPointer<Unicode.Scalar>) {
        for index in scalars.indices where Self.mayChangeDepth(scalars[index]) { read(scalars, at: index) }
    }

    /// Where, read from here, the first quotation mark in `following` (up
    /// to ``continuationLookahead``) changes the depth, and whether it
    /// closes the quotation so that it goes on (after some text of its
    /// line, not a straight double quote); nil when none does.
    private func firstChange(in following: UnsafeBufferPointer<Unicode.Scalar>) -> (Int, Bool)? {
        var reader = self
        (reader.dashSpeech, reader.tag, reader.closesUnlessSmallLetterFollows) = (nil, nil, false)
        let open = doubles + singles
        var lineStart = true
        for index in following.indices.prefix(Self.continuationLookahead) {
            let scalar = following[index]
            defer { if scalar == "\n" { lineStart = true } else if !ScalarClass.isWhitespace(scalar) { lineStart = false } }
            guard Self.mayChangeDepth(scalar) else { continue }
            reader.read(following, at: index)
            if reader.closesUnlessSmallLetterFollows || reader.doubles + reader.singles < open {
                return (index, !lineStart && scalar != "\"")
            }
            if reader.doubles + reader.singles > open || reader.dashSpeech != nil { return (index, false) }
        }
        return nil
    }

    /// Starts reading a text that follows the paragraph's text read before
    /// (an utterance after the one before it), whose last scalar other than
    /// white space is `before`: the text may start with a speech tag set
    /// inside the speech (`…viens ? ` then `demanda-t-elle.`), or with the
    /// word that tells a plural's s’ at the end of the text before from a
    /// quotation's end (`sisters’ ` then `views`).
    package mutating func begin(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, after before: Unicode.Scalar?) {
        if closesUnlessSmallLetterFollows {
            closesUnlessSmallLetterFollows = false
            if !(scalars.first.map(ScalarClass.isLowercase) ?? false) {
                singles = max(0, singles - 1)
                if singles == 0 { germanSingles = false }
            }
        }
        guard let before, tag == nil, isInsideMarks, Self.mayOpenTag(before) else { return }
        var start = 0
        while start < scalars.count, ScalarClass.isWhitespace(scalars[start]) { start += 1 }
        if Self.isTagVerb(scalars, at: start) { tag = .untilPunctuation }
    }

    /// Reads the scalar at `index` of `scalars` (its neighbours tell a
    /// single quote from an apostrophe); `before` is the last scalar other
    /// than white space in the paragraph before `scalars` (nil at its start).
    package mutating func read(
        _ scalars: UnsafeBufferPointer<Unicode.Scalar>, at index: Int, before: Unicode.Scalar? = nil
    ) {
        let scalar = scalars[index]
        // An apostrophe with no single quotation open, by far the most
        // common of these marks in English, changes nothing.
        if scalar == "’", singles == 0 || doubles > 0 { return }
        let wasOutside = doubles == 0 && singles == 0
        defer { if wasOutside, doubles + singles > 0 { opensStraight = scalar == "\"" } }
        if Self.endsTag(scalar) {
            readTagPunctuation(scalars, at: index)
            return
        }
        switch scalar {
        case "„": doubles += 1; germanDoubles = true
        case "»" where Self.continuesFrenchQuotation(scalars, at: index, before: before): doubles = max(doubles, 1)
        case "»" where doubles == 0 && Self.startsQuotation(scalars, at: index, before: before):
            doubles += 1
            reversedGuillemets = true
        case "«" where reversedGuillemets && doubles > 0: doubles -= 1
        case "”" where doubles == 0 && Self.startsQuotation(scalars, at: index, before: before): doubles += 1
        case "“" where germanDoubles && doubles > 0, "”", "»": doubles = max(0, doubles - 1)
        case "“", "«", "「", "『": doubles += 1
        case "」", "』": doubles = max(0, doubles - 1)
        case "\"": doubles = doubles > 0 ? doubles - 1 : 1
        case let dash where Self.isDash(dash) && (doubles > 0 || singles > 0): readDashInsideQuotation(scalars, at: index)
        case _ where doubles > 0: break  // single quotes nest inside double ones
        case "‚": singles += 1; germanSingles = true
        case "‘" where germanSingles && singles > 0: singles -= 1
        case "‘" where Self.opensSingle(scalars, at: index, before: before, afterWord: singles == 0): singles += 1
        case "’" where singles > 0: closeSingle(Self.singleClose(scalars, at: index))
        case "'" where singles > 0 && Self.singleClose(scalars, at: index) != nil:
            closeSingle(Self.singleClose(scalars, at: index))
        case "'" where Self.opensSingle(scalars, at: index, before: before, afterWord: singles == 0): singles += 1
        case let dash where Self.isDash(dash):
            tag = nil
            readDash(scalars, at: index, before: before)
        default: break
        }
        if doubles == 0 { (germanDoubles, reversedGuillemets) = (false, false) }
        if singles == 0 { germanSingles = false }
        if tag != nil, !isInsideMarks { tag = nil }
    }

    /// A dash inside quotation marks: before a word in small letters
    /// (`«No sé —dijo él—, quizás.»`) it starts a speech tag, which the next
    /// dash ends; any other dash (`“I was — well — surprised”`,
    /// `“I was—well—surprised”`) is the speech's own.
    private mutating func readDashInsideQuotation(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at index: Int) {
        if tag != nil {
            tag = nil
        } else if index > 0, ScalarClass.isWhitespace(scalars[index - 1]), index + 1 < scalars.count,
            ScalarClass.isLowercase(scalars[index + 1])
        {
            tag = .untilDash
        }
    }

    /// Punctuation inside speech (, . ; ? ! …): it ends a tag set inside
    /// the speech, or opens one when a tag's verb follows.
    package mutating func readTagPunctuation(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at index: Int) {
        switch tag {
        case .untilPunctuation?: tag = nil
        case .untilDash?: break
        case nil:
            guard isInsideMarks, Self.mayOpenTag(scalars[index]) else { return }
            var next = index + 1
            while next < scalars.count, ScalarClass.isWhitespace(scalars[next]) { next += 1 }
            if next > index + 1, Self.isTagVerb(scalars, at: next) { tag = .untilPunctuation }
        }
    }

    /// Punctuation that ends a speech tag set inside the speech.
    package static func endsTag(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ",", ".", ";", "?", "!", "…": true
        default: false
        }
    }

    /// Punctuation after which a speech tag may start inside the speech.
    private static func mayOpenTag(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "," || scalar == "?" || scalar == "!" || scalar == "…"
    }

    /// Subject pronouns joined to a verb put before them, as a French
    /// speech tag does (`dit-il`, `demanda-t-elle`).
    private static let invertedSubjects: [[Unicode.Scalar]] =
        ["il", "elle", "ils", "elles", "je", "tu", "nous", "vous"].map { Array($0.unicodeScalars) }

    /// A word in small letters joined by a hyphen (and `t-`) to a subject
    /// pronoun, from `start`: `dit-il`, `demanda-t-elle`. `on` only after
    /// `-t-` or a verb ending in `it` (`pense-t-on`, `dit-on`), not in
    /// English `head-on`, `carry-on`. Or a verb of saying before a noun
    /// subject (`dit Marie`, `répondit le vieillard`: ``SpeechTagVerbs``).
    private static func isTagVerb(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at start: Int) -> Bool {
        var index = start
        while index < scalars.count, ScalarClass.isLowercase(scalars[index]) { index += 1 }
        guard index > start, index < scalars.count, scalars[index] == "-" else {
            return SpeechTagVerbs.saysBeforeItsSubject(scalars, at: start)
        }
        let verbEndsInIt = index - start >= 2 && scalars[index - 2] == "i" && scalars[index - 1] == "t"
        index += 1
        var joinedByT = false
        if index + 1 < scalars.count, scalars[index] == "t", scalars[index + 1] == "-" { (index, joinedByT) = (index + 2, true) }
        let pronoun = index
        while index < scalars.count, ScalarClass.isLowercase(scalars[index]) { index += 1 }
        guard index == scalars.count || !ScalarClass.isLetterOrDigit(scalars[index]) else { return false }
        let word = scalars[pronoun..<index]
        if word.elementsEqual("on".unicodeScalars) { return joinedByT || verbEndsInIt }
        return invertedSubjects.contains { $0.elementsEqual(word) }
    }

    /// A dash first in its paragraph opens its speech; a later one in such
    /// a paragraph turns between speech and narration, unless it joins two
    /// letters or digits.
    private mutating func readDash(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at index: Int, before: Unicode.Scalar?) {
        guard singles == 0 else { return }  // a dash inside quotation marks is theirs
        if let speech = dashSpeech {
            let joins = index > 0 && index + 1 < scalars.count && ScalarClass.isLetterOrDigit(scalars[index - 1])
                && ScalarClass.isLetterOrDigit(scalars[index + 1])
            if !joins { dashSpeech = !speech }
        } else if before == nil, scalars[..<index].allSatisfy(ScalarClass.isWhitespace) {
            let next = scalars[(index + 1)...].first { !ScalarClass.isWhitespace($0) }
            if !(next.map(Self.opensQuotation) ?? false), !Attribution.follows(dash: index, in: scalars) {
                dashSpeech = true
            }
        }
    }

    /// A dash, which speech set off by dashes turns at.
    package static func isDash(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "—" || scalar == "–" || scalar == "―"
    }

    /// A mark that may open a quotation.
    private static func opensQuotation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "“", "„", "«", "\"", "‘", "‚", "'": true
        default: false
        }
    }

    /// Whether reading the scalar may change the depth: a quotation mark, a
    /// dash or punctuation that may start or end a speech tag (anything
    /// else can be passed over).
    package static func mayChangeDepth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21, 0x22, 0x27, 0x2C, 0x2E, 0x3B, 0x3F, 0xAB, 0xBB, 0x2013, 0x2014, 0x2015, 0x2018, 0x2019, 0x201A,
            0x201C, 0x201D, 0x201E, 0x2026, 0x300C...0x300F: true
        default: false
        }
    }

    /// » and a space first in a paragraph or line, before a capital: French
    /// speech going on from the paragraph or line before (`« Je suis venu,
    /// dit-il.` / `» Mais vous n’étiez pas là. »`), which the next » ends; a
    /// closing » wrapped to a line's start comes before a small letter (`»
    /// dit-il`).
    private static func continuesFrenchQuotation(
        _ scalars: UnsafeBufferPointer<Unicode.Scalar>, at index: Int, before: Unicode.Scalar?
    ) -> Bool {
        var next = index + 1
        while next < scalars.count, ScalarClass.isWhitespace(scalars[next]), scalars[next] != "\n" { next += 1 }
        guard next > index + 1, next < scalars.count, ScalarClass.isUppercase(scalars[next]) else { return false }
        var previous = index - 1
        while previous >= 0, scalars[previous] != "\n", ScalarClass.isWhitespace(scalars[previous]) { previous -= 1 }
        return previous >= 0 ? scalars[previous] == "\n" : before == nil
    }

    /// A mark that closes quotations elsewhere (» or ”) opening one where
    /// none is open: not after a letter or digit, and before something
    /// other than white space (»Komm her«, ”Kom hit”).
    private static func startsQuotation(
        _ scalars: UnsafeBufferPointer<Unicode.Scalar>, at index: Int, before: Unicode.Scalar?
    ) -> Bool {
        if let previous = index > 0 ? scalars[index - 1] : before, ScalarClass.isLetterOrDigit(previous) { return false }
        return index + 1 < scalars.count && !ScalarClass.isWhitespace(scalars[index + 1])
    }

    /// ‘ at a paragraph's start or after punctuation, before something that
    /// is not white space, and not for letters left out; after a word and a
    /// space (when `afterWord`), before a capital.
    private static func opensSingle(
        _ scalars: UnsafeBufferPointer<Unicode.Scalar>, at index: Int, before: Unicode.Scalar?, afterWord: Bool
    ) -> Bool {
        var next = index + 1
        while next < scalars.count, isSpaceBetweenMarks(scalars[next]) { next += 1 }
        guard next < scalars.count, !ScalarClass.isWhitespace(scalars[next]) else { return false }
        var previous = index - 1
        while previous >= 0, ScalarClass.isWhitespace(scalars[previous]) { previous -= 1 }
        if let last = previous >= 0 ? scalars[previous] : before, ScalarClass.isLetterOrDigit(last) {
            // Right after a letter (O'Brien) is never an opening; at the
            // buffer's start the paragraph before ended with white space.
            guard afterWord, index == 0 || previous < index - 1, ScalarClass.isUppercase(scalars[next]) else {
                return false
            }
        }
        return !isElision(scalars, after: index)
    }

    /// A hair or thin space, set between two quotation marks side by side
    /// (`‘ ’Tis`, `‘ “We`).
    private static func isSpaceBetweenMarks(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{200A}" || scalar == "\u{2009}"
    }

    /// How a ’ where a single quotation may close reads.
    private enum SingleClose {
        case closes
        /// The possessive of a plural inside the quotation.
        case possessive
        /// A possessive if the text that follows starts with a small letter:
        /// the mark ends the text read (one word of `--split word`).
        case possessiveIfSmallLetterFollows
    }

    /// ’ where a word ends, after something that is not white space: the
    /// quotation's end, unless it makes a plural possessive; nil elsewhere.
    private static func singleClose(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at index: Int) -> SingleClose? {
        guard index > 0, !ScalarClass.isWhitespace(scalars[index - 1]) else { return nil }
        guard index + 1 == scalars.count || !ScalarClass.isLetterOrDigit(scalars[index + 1]) else { return nil }
        guard isPluralAfterThreeWords(scalars, at: index) else { return .closes }
        if index + 1 == scalars.count || (scalars[index + 1] == " " && index + 2 == scalars.count) {
            return .possessiveIfSmallLetterFollows
        }
        return scalars[index + 1] == " " && ScalarClass.isLowercase(scalars[index + 2]) ? .possessive : .closes
    }

    private mutating func closeSingle(_ close: SingleClose?) {
        switch close {
        case .closes?: singles -= 1
        case .possessiveIfSmallLetterFollows?: closesUnlessSmallLetterFollows = true
        case .possessive?, nil: break
        }
    }

    /// ’ after a word ending in s, with no opening mark among the three
    /// words before it: before a word in small letters, the possessive of a
    /// plural inside a long quotation (`‘… His sisters’ uneasiness had…`),
    /// not its end. A quotation of a few words (`She said, ‘Yes’ and
    /// left`) still ends there.
    private static func isPluralAfterThreeWords(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at index: Int) -> Bool {
        guard index >= 2, scalars[index - 1] == "s", ScalarClass.isLetter(scalars[index - 2]) else { return false }
        var (offset, spaces) = (index - 1, 0)
        while offset >= 0, spaces < 3 {
            let scalar = scalars[offset]
            if scalar == "‘" || scalar == "'", offset == 0 || !ScalarClass.isLetterOrDigit(scalars[offset - 1]) {
                return false
            }
            if ScalarClass.isWhitespace(scalar) { spaces += 1 }
            offset -= 1
        }
        return spaces == 3
    }

    /// Words that an apostrophe in front shortens, written with ‘ or ' in
    /// many books: ‘tis, ‘twas, ‘em, ‘cause, rock ‘n’ roll.
    static let elisions: Set<String> = [
        "tis", "twas", "twere", "twill", "twould", "em", "cause", "cos", "til", "n", "bout", "neath", "tween", "twixt",
    ]

    /// Whether the letters after `index` (up to the first other scalar) are
    /// one of ``elisions``.
    private static func isElision(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, after index: Int) -> Bool {
        var word = ""
        var offset = index + 1
        while offset < scalars.count, offset - index <= 6, ScalarClass.isLetter(scalars[offset]) {
            word.unicodeScalars.append(scalars[offset])
            offset += 1
        }
        guard offset - index <= 6, !word.isEmpty else { return false }
        return elisions.contains(word.lowercased())
    }
}
