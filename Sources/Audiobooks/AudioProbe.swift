import Foundation

/// What ffprobe says of an audio file's headers: how long it lasts, where
/// its chapter marks begin, its first audio stream's codec and its
/// container (as ffprobe names them: `mp3`, `aac`; `mp3`, `mov,mp4,m4a,3gp,3g2,mj2`).
public struct AudioProbe: Hashable, Sendable {
    /// Seconds; nil when the headers do not say.
    public var duration: Double?
    /// Seconds from the start, in order; empty for a file without chapters.
    public var chapterStarts: [Double]
    public var codec: String?
    public var container: String?

    public init(duration: Double? = nil, chapterStarts: [Double] = [], codec: String? = nil, container: String? = nil) {
        self.duration = duration
        self.chapterStarts = chapterStarts
        self.codec = codec
        self.container = container
    }

    /// Read from ffprobe's `flat` writer: `format.duration="…"`,
    /// `streams.stream.0.codec_name="…"`, `chapters.chapter.N.start_time="…"`.
    init(flat lines: [String]) {
        self.init()
        for line in lines {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals]
            let value = String(line[line.index(after: equals)...]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            if key == "format.duration" {
                duration = Double(value)
            } else if key == "format.format_name" {
                container = value
            } else if key.hasPrefix("streams.stream.") && key.hasSuffix(".codec_name") {
                codec = codec ?? value
            } else if key.hasPrefix("chapters.chapter.") && key.hasSuffix(".start_time"), let start = Double(value) {
                chapterStarts.append(start)
            }
        }
        chapterStarts.sort()
    }
}
