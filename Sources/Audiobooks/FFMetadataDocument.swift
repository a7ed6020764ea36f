/// ffmpeg's metadata file (`;FFMETADATA1`): global tags and chapters, read
/// with `-i FILE -map_metadata N -map_chapters N`.
struct FFMetadataDocument {
    var tags: AudiobookTags
    var chapters: [Chapter]
    /// Also write the chapters as `CHAPTERnnn`/`CHAPTERnnnNAME` tags, for a
    /// muxer that writes no chapters of its own (FLAC).
    var chaptersAsTags = false
    /// Extra tags written verbatim after the others (an Ogg cover's
    /// `METADATA_BLOCK_PICTURE`).
    var rawTags: [(key: String, value: String)] = []

    /// Chapter times are written in milliseconds.
    var text: String {
        var lines = [";FFMETADATA1"]
        for (key, value) in tags.pairs { lines.append("\(Self.escaped(key))=\(Self.escaped(value))") }
        if chaptersAsTags {
            for (index, chapter) in chapters.enumerated() {
                let number = String(index + 1).leftPadded(to: 3)
                lines.append("CHAPTER\(number)=\(Self.clock(chapter.start))")
                lines.append("CHAPTER\(number)NAME=\(Self.escaped(chapter.title))")
            }
        }
        for (key, value) in rawTags { lines.append("\(Self.escaped(key))=\(Self.escaped(value))") }
        for chapter in chapters where !chaptersAsTags {
            let start = Int((chapter.start * 1000).rounded()), end = Int((chapter.end * 1000).rounded())
            lines += ["", "[CHAPTER]", "TIMEBASE=1/1000", "START=\(start)", "END=\(max(end, start))"]
            lines.append("title=\(Self.escaped(chapter.title))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `=`, `;`, `#`, `\` and line breaks escaped with a backslash, as the format asks.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "=;#\\\n".contains(character) { result.append("\\") }
            result.append(character == "\r" ? " " : character)
        }
        return result
    }

    /// `HH:MM:SS.mmm`, the time format of Vorbis `CHAPTERnnn` comments.
    static func clock(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let (hours, rest) = milliseconds.quotientAndRemainder(dividingBy: 3_600_000)
        let (minutes, rest2) = rest.quotientAndRemainder(dividingBy: 60_000)
        let (secs, millis) = rest2.quotientAndRemainder(dividingBy: 1000)
        return "\(String(hours).leftPadded(to: 2)):\(String(minutes).leftPadded(to: 2)):"
            + "\(String(secs).leftPadded(to: 2)).\(String(millis).leftPadded(to: 3))"
    }
}

extension String {
    /// The string with zeros before it up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
