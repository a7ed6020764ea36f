/// File formats for word timings, chosen by the file's extension.
public enum TimingsFormat: String, CaseIterable, Sendable {
    /// Every utterance with its page, source, times and words.
    case json
    /// SubRip subtitles: one cue per utterance (the format has no word times).
    case srt
    /// WebVTT: one cue per utterance, with an inline timestamp at each word.
    case vtt

    /// The format for a path's extension (`.json`, `.srt`, `.vtt`, any case);
    /// nil for anything else.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (VTT) for a time in samples.
    static func clock(_ sample: Int, sampleRate: Int, separator: Character) -> String {
        let milliseconds = (sample * 1000 + sampleRate / 2) / max(sampleRate, 1)
        let (hours, rest) = milliseconds.quotientAndRemainder(dividingBy: 3_600_000)
        let (minutes, rest2) = rest.quotientAndRemainder(dividingBy: 60_000)
        let (seconds, millis) = rest2.quotientAndRemainder(dividingBy: 1000)
        return pad(hours, 2) + ":" + pad(minutes, 2) + ":" + pad(seconds, 2) + String(separator) + pad(millis, 3)
    }

    /// Seconds with millisecond precision, for JSON: `12.345`.
    static func seconds(_ sample: Int, sampleRate: Int) -> String {
        let milliseconds = (sample * 1000 + sampleRate / 2) / max(sampleRate, 1)
        let (whole, millis) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        return "\(whole)." + pad(millis, 3)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
