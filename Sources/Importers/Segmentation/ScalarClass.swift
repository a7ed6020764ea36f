/// Character classes the segmentation rules ask about, answered per Unicode
/// scalar with an ASCII fast path (prose is mostly ASCII; the general
/// properties are slow to look up).
enum ScalarClass {
    /// Marks that can end a sentence: `. ! ?`, the ellipsis, their doubled
    /// forms, and the CJK, Arabic and Urdu terminators.
    static func isTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E, 0x21, 0x3F: true  // . ! ?
        case 0x2026, 0x203C, 0x2047, 0x2048, 0x2049: true  // … ‼ ⁇ ⁈ ⁉
        default: isUnspacedTerminator(scalar)
        }
    }

    /// Terminators of scripts written without spaces between sentences:
    /// they end a sentence whatever follows (。！？． ؟ ۔ and the Devanagari danda).
    static func isUnspacedTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3002, 0xFF01, 0xFF1F, 0xFF61, 0x061F, 0x06D4, 0x0964, 0x0965: true
        default: false
        }
    }

    /// Marks that close a quotation or bracket and stay with the sentence
    /// they follow (`"Stop!"`, `(see above.)`, `「…。」`).
    static func isCloser(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x22, 0x27, 0x29, 0x5D, 0x7D: true  // " ' ) ] }
        case 0x201D, 0x2019, 0x00BB, 0x203A, 0x201C: true  // ” ’ » › “ (German closing)
        case 0x300D, 0x300F, 0xFF09, 0x3011, 0x3009, 0x300B, 0x3015: true  // 」』）】〉》〕
        case 0x2060: true  // word joiner, used around dashes in Standard Ebooks texts
        default: false
        }
    }

    /// Marks that open a quotation or bracket before a sentence's first word.
    static func isOpener(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x22, 0x27, 0x28, 0x5B, 0x7B: true  // " ' ( [ {
        case 0x201C, 0x2018, 0x201E, 0x00AB, 0x2039, 0x00BF, 0x00A1: true  // “ ‘ „ « ‹ ¿ ¡
        case 0x300C, 0x300E, 0xFF08, 0x3010, 0x3008, 0x300A, 0x3014: true
        case 0x2A, 0x5F: true  // * _ (emphasis markers)
        default: false
        }
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" }
        return scalar.properties.isWhitespace
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            return (scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A
        }
        return scalar.properties.isAlphabetic
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value >= 0x30 && scalar.value <= 0x39 }
        return scalar.properties.numericType == .decimal
    }

    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || isDigit(scalar)
    }

    static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value >= 0x41 && scalar.value <= 0x5A }
        return scalar.properties.isUppercase || scalar.properties.generalCategory == .titlecaseLetter
    }

    static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value >= 0x61 && scalar.value <= 0x7A }
        return scalar.properties.isLowercase
    }

    /// Scalars that attach to the one before them (combining marks, joiners,
    /// variation selectors): a cut must never fall just before one.
    static func isExtending(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x300 { return false }
        if scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
