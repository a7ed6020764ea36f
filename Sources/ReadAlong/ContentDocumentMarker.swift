import BookFiles

/// One content document made read-along: its spoken fragments wrapped in
/// spans (see ``FragmentMarker``), the read-along style sheet linked from
/// its head, and the clips that tie each span to its audio.
public struct ContentDocumentMarker {
    /// The edited document's bytes.
    public private(set) var bytes: [UInt8] = []
    /// One clip per span that has one, in reading order.
    public private(set) var clips: [MediaOverlay.Clip] = []
    /// Utterances (or words) none of whose characters were found in the document.
    public private(set) var unmatched = 0

    /// - Parameters:
    ///   - bytes: the XHTML document as it is in the book.
    ///   - utterances: what was narrated from it, in order, timed in its audio.
    ///   - styleSheet: the href of the read-along CSS from this document; nil adds no link.
    ///   - html5: replace an XHTML 1.x document type with `<!DOCTYPE html>` (EPUB 2 books made EPUB 3).
    ///   - reading: which of the text the importer reads (notes, the book's contents).
    ///   - imported: the document as the book has it, when `bytes` is a
    ///     repaired copy: where the utterances' source lines are.
    /// - Throws: ``XMLError`` when the document is not well-formed XML.
    public init(
        bytes original: [UInt8], utterances: [TimedUtterance], sync: SyncLevel, styleSheet: String?, html5: Bool,
        reading: ReadingChoices = ReadingChoices(), imported: [UInt8]? = nil
    ) throws(XMLError) {
        let document = try XMLDocument.parseForEditing(original)
        let lines: FragmentMarker.LineSource = imported.map { bytes in
            (try? XMLDocument.parseForEditing(bytes)).map { .original($0) } ?? .unknown
        } ?? .document
        var marker = FragmentMarker(
            document: document, prefix: sync == .word ? "narrate-w" : "narrate-s", reading: reading, lines: lines)
        for utterance in utterances {
            let positions = marker.alignNext(utterance.text, line: utterance.line)
            switch sync {
            case .sentence: markSentence(utterance, positions: positions, marker: &marker)
            case .word: markWords(utterance, positions: positions, marker: &marker)
            }
        }
        if let styleSheet { Self.link(styleSheet, in: document) }
        if html5, let id = document.documentTypePublicID, id.contains("XHTML") { document.useHTML5DocumentType() }
        bytes = document.serialized()
    }

    private mutating func markSentence(_ utterance: TimedUtterance, positions: [Int?], marker: inout FragmentMarker) {
        guard let first = positions.first(where: { $0 != nil }) ?? nil, let last = positions.last(where: { $0 != nil }) ?? nil
        else {
            unmatched += 1
            return
        }
        let pieces = marker.wrap(from: first, through: last)
        // Each piece starts at the first word that begins inside it; a piece
        // where no word begins (a closing colon) shares the clip before it.
        var starts: [(piece: FragmentMarker.Piece, begin: Double)] = []
        for (index, piece) in pieces.enumerated() {
            guard index > 0 else {
                starts.append((piece, utterance.begin))
                continue
            }
            let next = index + 1 < pieces.count ? pieces[index + 1].firstPlace : Int.max
            let word = utterance.words.first { word in
                positions[word.range.clamped(to: 0..<positions.count)].compactMap { $0 }.first
                    .map { $0 >= piece.firstPlace && $0 < next } ?? false
            }
            if let word, word.begin > (starts.last?.begin ?? 0) { starts.append((piece, word.begin)) }
        }
        for (index, start) in starts.enumerated() {
            add(start.piece, begin: start.begin, end: index + 1 < starts.count ? starts[index + 1].begin : utterance.end)
        }
    }

    private mutating func markWords(_ utterance: TimedUtterance, positions: [Int?], marker: inout FragmentMarker) {
        // Words said before the first the document has (a list item's
        // number) are heard with that first word, not the word before them.
        var lead: Double?
        var isFirst = true
        for word in utterance.words {
            let range = word.range.clamped(to: 0..<positions.count)
            let places = positions[range].compactMap { $0 }
            guard let first = places.first, let last = places.last else {
                unmatched += 1
                if isFirst, lead == nil { lead = word.begin }
                continue
            }
            let pieces = marker.wrap(from: first, through: last)
            // A word split between elements (ruby): its clip shared by the
            // characters of each piece.
            let perCharacter = (word.end - word.begin) / Double(last + 1 - first)
            for (index, piece) in pieces.enumerated() {
                let end = index + 1 < pieces.count ? pieces[index + 1].firstPlace : last + 1
                let begin = word.begin + perCharacter * Double(piece.firstPlace - first)
                add(piece, begin: index == 0 && isFirst ? lead ?? begin : begin,
                    end: index + 1 < pieces.count ? word.begin + perCharacter * Double(end - first) : word.end)
            }
            if !pieces.isEmpty { isFirst = false }
        }
    }

    /// Adds a clip if it lasts at least a millisecond as written and
    /// starts where the last one ended or later.
    private mutating func add(_ piece: FragmentMarker.Piece, begin: Double, end: Double) {
        let start = max(begin, clips.last?.end ?? 0)
        guard (end * 1000).rounded() > (start * 1000).rounded() else { return }
        clips.append(MediaOverlay.Clip(fragment: piece.id, begin: start, end: end, sections: piece.sections))
    }

    private static func link(_ styleSheet: String, in document: XMLDocument) {
        guard let head = document.root?.childElements.first(where: { $0.name == "head" }) else { return }
        head.appendElement("link", attributes: [("rel", "stylesheet"), ("type", "text/css"), ("href", styleSheet)])
    }
}

