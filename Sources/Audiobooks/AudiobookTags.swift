import BookModel

/// The tags written into an audiobook file: the book's metadata under the
/// names ffmpeg maps to each format's own fields (MP4 atoms, ID3v2 frames,
/// Vorbis comments). Keys a format has no field for are dropped by its muxer.
public struct AudiobookTags: Hashable, Sendable {
    /// Key/value pairs in the order written; values never empty.
    public private(set) var pairs: [(key: String, value: String)] = []

    public static func == (a: Self, b: Self) -> Bool { a.pairs.elementsEqual(b.pairs) { $0 == $1 } }
    public func hash(into hasher: inout Hasher) {
        for pair in pairs {
            hasher.combine(pair.key)
            hasher.combine(pair.value)
        }
    }

    /// The tags of a whole book (or, with `track`, of one chapter's file),
    /// under the names Audiobookshelf's scanner reads back through ffprobe
    /// (docs/audiobooks.md has the table). A book without a title is named
    /// after its file (without the extension), or "Untitled" when it has
    /// none (standard input).
    /// - Parameters:
    ///   - metadata: title, authors, language, publisher, date, description,
    ///     identifier, ISBN, subjects, series.
    ///   - format: decides where series, publisher, identifier and ISBN go
    ///     (MP4 keeps only its own atoms: the series as a TV show and
    ///     episode, the rest in the comment).
    ///   - narrator: who reads it (`--narrator`, else the voice); the
    ///     `composer` tag.
    ///   - track: for one file per chapter: its title, number and the count.
    public init(
        _ metadata: BookMetadata, format: AudiobookFormat, narrator: String? = nil,
        track: (title: String, number: Int, count: Int)? = nil
    ) {
        let bookTitle = metadata.title ?? metadata.sourceFile.flatMap(Self.title(fileName:)) ?? "Untitled"
        add("title", track?.title ?? bookTitle)
        add("album", bookTitle)
        add("artist", metadata.authors.joined(separator: ", "))
        add("album_artist", metadata.authors.joined(separator: ", "))
        add("composer", narrator)
        add("genre", metadata.subjects.isEmpty ? "Audiobook" : metadata.subjects.joined(separator: "; "))
        add("date", metadata.date)
        if let track { add("track", "\(track.number)/\(track.count)") }
        add("language", metadata.language)
        add("description", metadata.summary)
        add("grouping", metadata.series.map { series in metadata.seriesPosition.map { "\(series) #\($0)" } ?? series })
        if format == .m4b || format == .m4a {
            add("show", metadata.series)
            add("episode_id", metadata.series == nil ? nil : metadata.seriesPosition)
            let isbn = metadata.isbn.map { "ISBN \($0)" }
            let facts = [metadata.publisher.map { "Published by \($0)" }, isbn, metadata.identifier].compactMap { $0 }
            add("comment", facts.joined(separator: "; "))
        } else {
            add("series", metadata.series)
            add("series-part", metadata.series == nil ? nil : metadata.seriesPosition)
            add("isbn", metadata.isbn)
            add("publisher", metadata.publisher)
            add("identifier", metadata.identifier)
        }
    }

    /// The title an untitled book takes from its file's name: the name
    /// without its extension (`story.txt` → `story`); nil for no name.
    public static func title(fileName: String) -> String? {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name.isEmpty ? nil : name }
        return String(name[..<dot])
    }

    /// Adds a pair (replacing one of the same key) unless the value is empty.
    public mutating func add(_ key: String, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        pairs.removeAll { $0.key == key }
        pairs.append((key, value))
    }
}
