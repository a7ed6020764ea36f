/// `--voice-map FILE`: voices for chapters and for the characters speech
/// tags name, one mapping a line:
///
/// ```
/// # comments and blank lines are skipped
/// chapter 3 = en-us                        # the third page, as --pages counts
/// chapter The Red-Headed League = en-gb    # a page by its title (any case)
/// speaker Holmes = piper:en_US-joe-medium  # quotations a tag gives to Holmes
/// ```
///
/// A chapter's voice reads the whole page in place of `--voice`; a
/// speaker's voice reads the quotations of a paragraph whose narration names
/// the speaker (“…,” said Holmes), in place of `--dialogue-voice`.
public struct VoiceMap: Hashable, Sendable, Codable {
    /// A chapter's voice.
    public struct Chapter: Hashable, Sendable, Codable {
        /// The page's number from 1, or nil when it is named by ``title``.
        public var number: Int?
        /// The page's title, matched without regard to case; nil with a number.
        public var title: String?
        public var voice: String

        public init(number: Int?, title: String?, voice: String) {
            self.number = number
            self.title = title
            self.voice = voice
        }
    }

    /// A character's voice.
    public struct Speaker: Hashable, Sendable, Codable {
        /// The name as the speech tags write it (`Holmes`, `Mrs. Bennet`).
        public var name: String
        public var voice: String

        public init(name: String, voice: String) {
            self.name = name
            self.voice = voice
        }
    }

    /// In the file's order; a later line for the same chapter wins.
    public var chapters: [Chapter] = []
    /// In the file's order; where a tag names two, the first it names wins.
    public var speakers: [Speaker] = []

    public init(chapters: [Chapter] = [], speakers: [Speaker] = []) {
        self.chapters = chapters
        self.speakers = speakers
    }

    /// Every voice the map names.
    public var voices: [String] { chapters.map(\.voice) + speakers.map(\.voice) }

    /// Parses a map.
    /// - Throws: ``VoiceMapError`` for a line that is not a mapping.
    public init(text: String) throws(VoiceMapError) {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Self.withoutComment(raw)
            guard !line.isEmpty else { continue }
            try add(line, number: index + 1)
        }
    }

    private mutating func add(_ line: String, number: Int) throws(VoiceMapError) {
        guard let equals = line.lastIndex(of: "=") else { throw VoiceMapError(line: number, found: line) }
        let voice = line[line.index(after: equals)...].trimmingCharacters()
        let head = line[..<equals].trimmingCharacters()
        let words = head.split(separator: " ", maxSplits: 1)
        guard words.count == 2, !voice.isEmpty, !voice.contains(" ") else { throw VoiceMapError(line: number, found: line) }
        let key = words[1].trimmingCharacters()
        switch words[0].lowercased() {
        case "chapter":
            if let page = Int(key) {
                guard page >= 1 else { throw VoiceMapError(line: number, found: line) }
                chapters.append(Chapter(number: page, title: nil, voice: voice))
            } else {
                chapters.append(Chapter(number: nil, title: key, voice: voice))
            }
        case "speaker": speakers.append(Speaker(name: key, voice: voice))
        default: throw VoiceMapError(line: number, found: line)
        }
    }

    /// The line without a `#` comment (a `#` after a space or at the start) and outer spaces.
    private static func withoutComment(_ line: Substring) -> String {
        var text = line
        if text.hasPrefix("#") { return "" }
        if let hash = text.range(of: " #") { text = text[..<hash.lowerBound] }
        return text.trimmingCharacters()
    }

    /// The voice for page `index` (0-based) titled `title`: the last
    /// mapping that names it.
    func chapterVoice(page index: Int, title: String?) -> String? {
        chapters.last { chapter in
            chapter.number.map { $0 == index + 1 } ?? (title.map { $0.lowercased() == chapter.title?.lowercased() } ?? false)
        }?.voice
    }

    /// The first speaker `text` names, as a whole word (the name followed by
    /// no letter), at its first place in the text.
    func speaker(namedIn text: String) -> Speaker? {
        var best: (Speaker, String.Index)?
        for speaker in speakers {
            var searchFrom = text.startIndex
            while let found = text.range(of: speaker.name, range: searchFrom..<text.endIndex) {
                let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
                let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
                if !(before?.isLetter ?? false), !(after?.isLetter ?? false) {
                    if best.map({ found.lowerBound < $0.1 }) ?? true { best = (speaker, found.lowerBound) }
                    break
                }
                searchFrom = found.upperBound
            }
        }
        return best?.0
    }
}

/// A line of a voice map that is not a mapping.
public struct VoiceMapError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based.
    public var line: Int
    public var found: String

    public var description: String {
        "\(line): expected 'chapter NUMBER = VOICE', 'chapter TITLE = VOICE' or 'speaker NAME = VOICE', found '\(found)'"
    }
}

extension StringProtocol {
    /// Without spaces and tabs at either end.
    fileprivate func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
