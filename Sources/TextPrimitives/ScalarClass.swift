/// Character classes the segmentation rules ask about, answered per Unicode
/// scalar with fast paths for ASCII, Latin-1 and General Punctuation (curly
/// quotes, dashes, joiners): prose is mostly made of these, and the general
/// properties are slow to look up. Tests check the fast paths against the
/// properties for every scalar they cover.
public enum ScalarClass {
    /// Marks that can end a sentence: `. ! ?`, the ellipsis, their doubled
    /// forms, the Greek question mark, the Armenian full stop, and the CJK,
    /// Arabic, Urdu, Devanagari, Ethiopic and Myanmar terminators.
    @inlinable public static func isTerminator(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == "." || scalar == "!" || scalar == "?" }
        return switch scalar.value {
        case 0x2026, 0x203C, 0x2047, 0x2048, 0x2049: true  // … ‼ ⁇ ⁈ ⁉
        case 0x037E, 0x0589: true  // Greek question mark, Armenian full stop
        default: isUnspacedTerminator(scalar)
        }
    }

    /// Terminators of scripts written without spaces between sentences:
    /// they end a sentence whatever follows (。！？． ؟ ۔, the Devanagari
    /// danda, Ethiopic ። ፧ and Myanmar ။).
    @inlinable public static func isUnspacedTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3002, 0xFF01, 0xFF1F, 0xFF61, 0x061F, 0x06D4, 0x0964, 0x0965: true
        case 0x1362, 0x1367, 0x104B: true
        default: false
        }
    }

    /// Marks that close a quotation or bracket and stay with the sentence
    /// they follow (`"Stop!"`, `(see above.)`, `「…。」`).
    @inlinable public static func isCloser(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x22, 0x27, 0x29, 0x5D, 0x7D: true  // " ' ) ] }
        case 0x201D, 0x2019, 0x00BB, 0x203A, 0x201C: true  // ” ’ » › “ (German closing)
        case 0x300D, 0x300F, 0xFF09, 0x3011, 0x3009, 0x300B, 0x3015: true  // 」』）】〉》〕
        case 0x2060: true  // word joiner, used around dashes in Standard Ebooks texts
        default: false
        }
    }

    /// Marks that open a quotation or bracket before a sentence's first word.
    @inlinable public static func isOpener(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x22, 0x27, 0x28, 0x5B, 0x7B: true  // " ' ( [ {
        case 0x201C, 0x2018, 0x201E, 0x00AB, 0x2039, 0x00BF, 0x00A1: true  // “ ‘ „ « ‹ ¿ ¡
        case 0x300C, 0x300E, 0xFF08, 0x3010, 0x3008, 0x300A, 0x3014: true
        case 0x2A, 0x5F: true  // * _ (emphasis markers)
        default: false
        }
    }

    @inlinable public static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || value == 0x0A || value == 0x09 || value == 0x0D }
        if value < 0x100 { return value == 0x85 || value == 0xA0 }
        if isGeneralPunctuation(value) {
            return value <= 0x200A || value == 0x2028 || value == 0x2029 || value == 0x202F || value == 0x205F
        }
        return Properties.isWhitespace(scalar)
    }

    @inlinable public static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A }
        if value < 0x100 { return isLatin1Letter(value) }
        if isGeneralPunctuation(value) { return false }
        return Properties.isLetter(scalar)
    }

    @inlinable public static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value >= 0x30 && value <= 0x39 }
        if value < 0x100 || isGeneralPunctuation(value) { return false }
        return Properties.isDigit(scalar)
    }

    @inlinable public static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || isDigit(scalar)
    }

    @inlinable public static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value >= 0x41 && value <= 0x5A }
        if value < 0x100 { return value >= 0xC0 && value <= 0xDE && value != 0xD7 }
        if isGeneralPunctuation(value) { return false }
        return Properties.isUppercase(scalar)
    }

    @inlinable public static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value >= 0x61 && value <= 0x7A }
        if value < 0x100 { return isLatin1Letter(value) && !isUppercase(scalar) }
        if isGeneralPunctuation(value) { return false }
        return Properties.isLowercase(scalar)
    }

    /// U+2000–206F: spaces, dashes, curly quotes, joiners; no letter or digit.
    @usableFromInline static func isGeneralPunctuation(_ value: UInt32) -> Bool {
        value >= 0x2000 && value < 0x2070
    }

    /// Letters of Latin-1: `ª µ º`, `À`–`ÿ` except `×` and `÷` (all of them
    /// upper- or lowercase).
    @usableFromInline static func isLatin1Letter(_ value: UInt32) -> Bool {
        value == 0xAA || value == 0xB5 || value == 0xBA || (value >= 0xC0 && value != 0xD7 && value != 0xF7)
    }

    /// Scalars that attach to the one before them (combining marks, joiners,
    /// variation selectors): a cut must never fall just before one.
    @inlinable public static func isExtending(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x300 { return false }
        if scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) { return true }
        return Properties.isExtending(scalar)
    }

    /// The slow paths: Unicode property lookups. They stay out of line because
    /// the property types are resilient: a function that touches them sets up
    /// their type metadata on entry, which would tax every ASCII lookup.
    @usableFromInline enum Properties {
        @usableFromInline @inline(never) static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            if let bits = PropertyTable.bits(of: scalar.value) { return bits & PropertyTable.whitespace != 0 }
            return scalar.properties.isWhitespace
        }

        @usableFromInline @inline(never) static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            if isInLetterBlock(scalar.value) { return true }
            if let bits = PropertyTable.bits(of: scalar.value) { return bits & PropertyTable.letter != 0 }
            return scalar.properties.isAlphabetic
        }

        @usableFromInline @inline(never) static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
            if isInBlockWithoutDigits(scalar.value) { return false }
            if let bits = PropertyTable.bits(of: scalar.value) { return bits & PropertyTable.digit != 0 }
            return scalar.properties.numericType == .decimal
        }

        @usableFromInline @inline(never) static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            if isInCaselessBlock(value) { return false }
            if let bits = PropertyTable.bits(of: value) { return bits & PropertyTable.uppercase != 0 }
            return isUppercaseByProperties(scalar)
        }

        /// A capital or a titlecase letter (ǅ, ᾈ…: all of them in
        /// U+01C5–U+01F2 and U+1F88–U+1FFC).
        static func isUppercaseByProperties(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            let mayBeTitlecase = (value >= 0x1C5 && value <= 0x1F2) || (value >= 0x1F88 && value <= 0x1FFC)
            return scalar.properties.isUppercase || (mayBeTitlecase && scalar.properties.generalCategory == .titlecaseLetter)
        }

        @usableFromInline @inline(never) static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
            if let bits = PropertyTable.bits(of: scalar.value) { return bits & PropertyTable.lowercase != 0 }
            return scalar.properties.isLowercase
        }

        @usableFromInline @inline(never) static func isExtending(_ scalar: Unicode.Scalar) -> Bool {
            if let bits = PropertyTable.bits(of: scalar.value) { return bits & PropertyTable.extending != 0 }
            return isExtendingByProperties(scalar)
        }

        static func isExtendingByProperties(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: true
            default: false
            }
        }

        // Text in Chinese, Japanese or Korean is nearly all scalars beyond
        // Latin-1, and a Unicode property lookup costs about a hundred times
        // a range check: the letters of the blocks below, and the blocks
        // without capitals or digits, are answered from their ranges
        // (`ScalarClassTests` checks every scalar against the properties).

        /// Blocks every scalar of which is a letter: kana (without their
        /// marks and middle dot), CJK ideographs, Hangul syllables.
        static func isInLetterBlock(_ value: UInt32) -> Bool {
            guard value >= 0x3041, value <= 0xD7A3 else { return false }
            return (value >= 0x4E00 && value <= 0x9FFF) || (value >= 0xAC00)
                || (value >= 0x3041 && value <= 0x3096) || (value >= 0x309D && value <= 0x30FA && value != 0x30A0)
                || (value >= 0x30FC && value <= 0x30FF) || (value >= 0x3400 && value <= 0x4DBF)
        }

        /// Scripts without capitals (Hebrew to Myanmar, Hangul Jamo to
        /// Ethiopic, Canadian syllabics to Ol Chiki, CJK to Vai, Hangul
        /// syllables, CJK compatibility and supplementary ideographs).
        static func isInCaselessBlock(_ value: UInt32) -> Bool {
            (value >= 0x0590 && value <= 0x109F) || (value >= 0x1100 && value <= 0x139F)
                || (value >= 0x1400 && value <= 0x1C7F) || (value >= 0x2E80 && value <= 0xA63F)
                || (value >= 0xAC00 && value <= 0xD7FF) || (value >= 0xF900 && value <= 0xFAFF)
                || (value >= 0x20000 && value <= 0x3FFFF)
        }

        /// Blocks without a decimal digit (CJK to Vai's letters, Hangul
        /// syllables, CJK compatibility and supplementary ideographs).
        static func isInBlockWithoutDigits(_ value: UInt32) -> Bool {
            (value >= 0x2E80 && value <= 0xA61F) || (value >= 0xAC00 && value <= 0xD7FF)
                || (value >= 0xF900 && value <= 0xFAFF) || (value >= 0x20000 && value <= 0x3FFFF)
        }
    }
}

/// The properties ``ScalarClass`` asks about, for the blocks whole books are
/// written in beyond Latin-1 (Latin Extended and IPA; Greek, Cyrillic and
/// Armenian; Hebrew, Arabic and the scripts of India, Sri Lanka; Latin and
/// Greek Extended): a book in Russian or Greek asked for a Unicode property
/// lookup at every letter, several times over (four times the import of
/// the same book in English). Each block's table is built from the
/// properties themselves the first time one of its scalars is asked about
/// (a tenth of a millisecond), so it says what they say.
enum PropertyTable {
    static let letter: UInt8 = 1
    static let uppercase: UInt8 = 2
    static let lowercase: UInt8 = 4
    static let digit: UInt8 = 8
    static let whitespace: UInt8 = 16
    static let extending: UInt8 = 32

    private static let latinExtended = table(0x100...0x2FF)
    private static let greekCyrillicArmenian = table(0x370...0x58F)
    private static let hebrewArabicIndic = table(0x590...0xDFF)
    private static let latinGreekExtended = table(0x1E00...0x1FFF)

    /// The bits of `value`'s properties; nil outside the tables.
    static func bits(of value: UInt32) -> UInt8? {
        switch value {
        case 0x100...0x2FF: latinExtended[Int(value - 0x100)]
        case 0x370...0x58F: greekCyrillicArmenian[Int(value - 0x370)]
        case 0x590...0xDFF: hebrewArabicIndic[Int(value - 0x590)]
        case 0x1E00...0x1FFF: latinGreekExtended[Int(value - 0x1E00)]
        default: nil
        }
    }

    private static func table(_ values: ClosedRange<UInt32>) -> [UInt8] {
        values.map { value in
            guard let scalar = Unicode.Scalar(value) else { return 0 }
            let properties = scalar.properties
            var bits: UInt8 = 0
            if properties.isAlphabetic { bits |= letter }
            if ScalarClass.Properties.isUppercaseByProperties(scalar) { bits |= uppercase }
            if properties.isLowercase { bits |= lowercase }
            if properties.numericType == .decimal { bits |= digit }
            if properties.isWhitespace { bits |= whitespace }
            if ScalarClass.Properties.isExtendingByProperties(scalar) { bits |= extending }
            return bits
        }
    }
}

