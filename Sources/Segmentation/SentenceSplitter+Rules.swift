import TextPrimitives

/// The rules that decide whether a terminal mark ends a sentence; the table
/// in docs/segmentation.md lists them with an example each.
extension SentenceSplitter {
    func boundary(after mark: TerminalMark, in context: Context) -> Decision {
        let scalars = context.scalars
        let limit = context.range.upperBound
        if mark.isUnspaced {
            return mark.nextStart < limit && !TitleMarks.encloses(mark.start, in: context) ? .at(mark.nextStart) : .none
        }
        guard mark.nextStart < limit, opensNoSentence(mark, in: context) else { return .none }
        if mark.start > context.range.lowerBound, scalars[mark.start - 1] == "[" { return .none }  // [...]
        if let ellipsis = mark.trailingEllipsis { return boundary(before: ellipsis, after: mark, in: context) }
        let next = NextWord(scalars, from: mark.nextStart, limit: limit)
        return isBoundary(mark, next: next, in: context) ? .at(mark.nextStart) : .none
    }

    /// False for marks with no word before them in their sentence: `“…`
    /// and `. . .` that open a sentence are part of it.
    private func opensNoSentence(_ mark: TerminalMark, in context: Context) -> Bool {
        context.hasWordBefore
    }

    /// `compounds. . . . The`, `raak. ...en`: the period ends the sentence,
    /// the ellipsis opens the next, when a word follows and the period ends
    /// no abbreviation.
    private func boundary(before ellipsis: Range<Int>, after mark: TerminalMark, in context: Context) -> Decision {
        let next = NextWord(context.scalars, from: skippingWhitespace(from: ellipsis.upperBound, in: context), limit: context.range.upperBound)
        guard next.end > next.start else { return .skipping(ellipsis.upperBound) }
        let word = precedingWord(before: mark, in: context)
        let kinds = abbreviations.kinds(of: word.key)
        let isAbbreviation = !kinds.isEmpty || word.isInitial || word.isDottedAbbreviation
        return isAbbreviation ? .skipping(ellipsis.upperBound) : .at(mark.nextStart)
    }

    private func isBoundary(_ mark: TerminalMark, next: NextWord, in context: Context) -> Bool {
        guard mark.hasSpaceAfter else { return isBoundaryWithoutSpace(mark, next: next, in: context) }
        if next.startsWithTerminator && !next.startsWithOpener { return false }  // `. . .` goes on
        if next.startsLowercase { return isBoundaryBeforeLowercase(mark, next: next, in: context) }
        switch mark.kind {
        case .question, .exclamation:
            if next.startsWithClauseMark { return false }  // `?” ,,Das`: the sentence goes on
            return !SpeechTag.follows(mark, next: next, in: context.scalars, limit: context.range.upperBound, lists: abbreviations)
        case .ellipsis:
            return (next.startsUppercase || next.startsCaseless || next.startsWithOpener) && next.key != "i"
        case .period:
            if next.startsWithOpener, CitationAfterQuotation.follows(mark, in: context) { return false }
            return isBoundaryAfterPeriod(mark, next: next, in: context)
        }
    }

    /// Before a lowercase word a sentence goes on (`“Stop!” he said`,
    /// `etc. and`), except after two short questions in a row (`кім? не?`)
    /// and, in Greek, after a whole word.
    private func isBoundaryBeforeLowercase(_ mark: TerminalMark, next: NextWord, in context: Context) -> Bool {
        switch mark.kind {
        case .question: return isShortQuestion(from: next.start, in: context)
        case .period where abbreviations.conventions.breaksBeforeLowercase:
            let word = precedingWord(before: mark, in: context)
            return word.letterCount >= 3 && abbreviations.kinds(of: word.key).isEmpty && !word.isDottedAbbreviation
        default: return false
        }
    }

    /// One or two words and a question mark (`не?`): another question.
    private func isShortQuestion(from start: Int, in context: Context) -> Bool {
        var words = 1
        var index = start
        while index < min(context.range.upperBound, start + 32) {
            let scalar = context.scalars[index]
            if scalar == "?" { return true }
            if ScalarClass.isWhitespace(scalar) { words += 1 }
            if words > 2 || scalar == "," || (ScalarClass.isTerminator(scalar) && scalar != "?") { return false }
            index += 1
        }
        return false
    }

    private func isBoundaryAfterPeriod(_ mark: TerminalMark, next: NextWord, in context: Context) -> Bool {
        let word = precedingWord(before: mark, in: context)
        if !next.startsWithDigit, word.isPlainWord(longerThan: abbreviations.longestKey) { return true }
        let key = word.key
        if key.isEmpty { return true }
        if word.isAtBlockStart && word.isListMarker { return false }
        if next.startsWithNumberSign { return false }
        let elided = word.withoutElision(key)
        if next.startsWithDigit && (abbreviations.isNumberPrefix(key) || (elided != key && abbreviations.isNumberPrefix(elided))) {
            return false
        }
        if next.isShortAbbreviation(in: context.scalars, limit: context.range.upperBound), word.isShortAbbreviation {
            return false  // `z. B.`, `EE. UU.`, `т. б.`
        }
        var kinds = abbreviations.kinds(of: key)
        if elided != key { kinds.formUnion(abbreviations.kinds(of: elided)) }
        if kinds.contains(.unit), isAfterNumber(word, in: context) { return true }
        if kinds.contains(.title) || kinds.contains(.inner) { return false }
        if word.isInitial {
            if isEnglish, key == "i", wordBeforeIsLowercase(context.scalars, before: word.start, blockStart: context.sentenceStart) {
                return true  // `you and I. Did`: the pronoun
            }
            return abbreviations.sentenceOpeners.contains(next.key)
        }
        if word.isCaselessInitial { return false }
        if abbreviations.conventions.ordinalPeriods && (word.isSmallInteger || word.isRomanNumeral) {
            return abbreviations.sentenceOpeners.contains(next.key)
        }
        if kinds.contains(.terminal) || word.isDottedAbbreviation {
            return abbreviations.sentenceOpeners.contains(next.key)
        }
        return true
    }

    /// `end.The`, `Tuesday.Mr.`, `1,000.That` are missing spaces; `3.14`,
    /// `example.com`, `U.S.A`, `1.Helado` are not.
    private func isBoundaryWithoutSpace(_ mark: TerminalMark, next: NextWord, in context: Context) -> Bool {
        guard next.startsUppercase, !next.startsWithOpener, mark.kind != .ellipsis else { return false }
        let word = precedingWord(before: mark, in: context)
        if word.looksLikeAddress || followingTokenLooksLikeAddress(from: mark.nextStart, in: context) { return false }
        guard mark.kind == .period else { return true }
        if !abbreviations.kinds(of: word.key).intersection([.title, .inner]).isEmpty { return false }
        if word.isLargeNumber { return next.letterCount >= 2 }
        guard word.letterCount >= 2, word.endsLowercase, !word.hasPeriod else { return false }
        if next.letterCount >= 2 { return true }
        let afterNext = next.end
        return word.letterCount >= 3 && afterNext < context.range.upperBound
            && ScalarClass.isWhitespace(context.scalars[afterNext])
    }

    /// The rest of the token after an unspaced mark holds an `@` or a `/`.
    private func followingTokenLooksLikeAddress(from start: Int, in context: Context) -> Bool {
        var index = start
        while index < context.range.upperBound, !ScalarClass.isWhitespace(context.scalars[index]) {
            let scalar = context.scalars[index]
            if scalar == "@" || scalar == "/" { return true }
            index += 1
        }
        return false
    }

    /// A number comes just before `word` (`250 ft.`).
    private func isAfterNumber(_ word: PrecedingWord, in context: Context) -> Bool {
        var index = word.start
        while index > context.range.lowerBound, ScalarClass.isWhitespace(context.scalars[index - 1]) { index -= 1 }
        return index > context.range.lowerBound && ScalarClass.isDigit(context.scalars[index - 1])
    }

    func precedingWord(before mark: TerminalMark, in context: Context) -> PrecedingWord {
        PrecedingWord(context.scalars, before: mark.start, floor: context.sentenceStart, blockStart: context.range.lowerBound)
    }

    private func skippingWhitespace(from start: Int, in context: Context) -> Int {
        var index = start
        while index < context.range.upperBound, ScalarClass.isWhitespace(context.scalars[index]) { index += 1 }
        return index
    }
}
