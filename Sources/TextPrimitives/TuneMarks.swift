/// The marks that give a sentence its tune: question and exclamation marks
/// of every script narrate reads.
package enum TuneMarks {
    /// A question or exclamation mark (ASCII letters and spaces answered first).
    package static func isTuneMark(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == "?" || scalar == "!" }
        return isQuestionMark(scalar) || isExclamationMark(scalar)
    }

    package static func isQuestionMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3F, 0xFF1F, 0x061F, 0x2047, 0x2048, 0x2049, 0x037E, 0x1367: true  // ? ？ ؟ ⁇ ⁈ ⁉, Greek, Ethiopic
        default: false
        }
    }

    package static func isExclamationMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "!" || scalar == "！" || scalar == "‼"
    }
}
