import ProsodyHeuristics
import Rendering

/// `--pause sentence=MS,paragraph=MS,chapter=MS`: any of the three, in any
/// order, in whole milliseconds.
enum PauseArgument {
    static let option = OptionSpec(
        "pause", value: "KIND=MS,…",
        help: "Silence after each sentence, paragraph or chapter, in milliseconds: sentence=300,paragraph=900,chapter=2000 "
            + "(any of them; defaults 450, 750, 1500 plus the voice's own breath).")

    /// The longest pause accepted, in milliseconds (the narrator's longest delay).
    static let longest = 60_000

    static func parse(_ text: String) throws(UsageError) -> PauseLengths {
        var pauses = PauseLengths()
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let milliseconds = Int(parts[1]), (0...longest).contains(milliseconds) else {
                throw expected(found: text)
            }
            let seconds = Double(milliseconds) / 1000
            switch parts[0] {
            case "sentence": pauses.sentence = seconds
            case "paragraph": pauses.paragraph = seconds
            case "chapter": pauses.chapter = seconds
            default: throw expected(found: text)
            }
        }
        return pauses
    }

    private static func expected(found text: String) -> UsageError {
        UsageError("--pause: expected KIND=MS[,KIND=MS…] with KIND sentence, paragraph or chapter and MS whole "
            + "milliseconds from 0 to \(longest), found '\(text)'")
    }
}
