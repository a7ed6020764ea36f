import BookFiles

extension XMLText {
    /// A clock value SMIL and `media:duration` take: `0:01:23.456`.
    static func clock(_ seconds: Double) -> String {
        let milliseconds = Int((max(seconds, 0) * 1000).rounded())
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let rest = milliseconds % 60_000
        let secondsText = String(rest / 1000)
        let fraction = String(rest % 1000)
        return "\(hours):" + pad(String(minutes), 2) + ":" + pad(secondsText, 2) + "." + pad(fraction, 3)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
