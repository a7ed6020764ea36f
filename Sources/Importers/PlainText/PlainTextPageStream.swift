import BookFiles
import BookModel
import TextPrimitives

/// A plain-text book read page by page: decodes its bytes, finds its
/// chapters and paragraphs, and cuts them into utterances with heuristic
/// prosody, one page per chapter (the text before the first chapter heading
/// makes a page of its own), without holding the whole text.
///
/// The input is read twice, in blocks: once to find its encoding, its
/// Project Gutenberg frame and its language (nothing is kept but those
/// facts), then again as pages are asked for, one chapter at a time.
public final class PlainTextPageStream: PageStream {
    public let metadata: BookMetadata
    private var reading: Reading
    private var ready: [(part: PagePart, fraction: Double)] = []
    public private(set) var fractionRead = 0.0

    /// Reads the facts of the book at the start of `source` (its title and
    /// authors) and is ready to give its first page.
    /// - Parameters:
    ///   - sourceFile: the file's name, for ``BookMetadata/sourceFile``.
    ///   - warnings: where decoding problems go (a guessed encoding, bytes
    ///     that are not text).
    public init(
        source: any ByteSource, options: ImportOptions = ImportOptions(), sourceFile: String? = nil,
        warnings: WarningSink = .ignoring
    ) throws(ImportError) {
        let head = try ImportError.file { () throws(FileError) in try source.read(at: 0, count: 4096) }
        let (encoding, bodyStart) = try Self.encoding(of: source, head: head)
        // Text already in memory is decoded once: the first reading keeps
        // its lines for the second.
        let keepsLines = source is MemoryByteSource
        var scan = try Scan(source: source, encoding: encoding, bodyStart: bodyStart, keepsLines: keepsLines)
        let language = options.language ?? scan.frame.language ?? LanguageGuesser.guess(scan.sample[...])
        var reading = Reading(
            chunks: TextChunkReader(source: source, encoding: encoding, bodyStart: bodyStart),
            parser: PlainTextParser(frame: scan.frame, seriesWords: scan.headings.seriesWords, bookLanguage: language), body: scan.frame.body,
            builder: UtteranceBuilder(options: options, language: language), size: source.size, options: options)
        reading.keptPieces = scan.takePieces()
        while !reading.parser.hasReadTitleBlock, try reading.readPiece() {}
        let document = reading.parser.metadata
        metadata = BookMetadata(
            title: document.title, authors: document.authors, language: language, sourceFile: sourceFile)
        for warning in scan.warnings { warnings.warn(warning) }
        self.reading = reading
    }

    public func nextPart() throws -> PagePart? {
        guard try fill() else {
            fractionRead = 1
            return nil
        }
        let (part, fraction) = ready.removeFirst()
        fractionRead = fraction
        return part
    }

    /// Reads until a part is ready; false at the end of the book.
    private func fill() throws(ImportError) -> Bool {
        ready += reading.takeParts()
        while ready.isEmpty, try reading.readPiece() {
            ready += reading.takeParts()
        }
        ready += reading.takeParts()
        return !ready.isEmpty
    }

    private static func encoding(of source: any ByteSource, head: [UInt8]) throws(ImportError) -> (TextEncoding, Int) {
        var isValid: Bool?
        var failure: ImportError?
        let result = TextDecoder.detect(head: head[...], size: source.size) {
            do throws(ImportError) { isValid = try TextChunkReader.isValidUTF8(source) } catch { failure = error }
            return isValid ?? false
        }
        if let failure { throw failure }
        return result
    }

    /// The first reading: the facts that need all of the text.
    private struct Scan {
        var frame: GutenbergFrame
        /// The words this book numbers its chapters with.
        var headings = HeadingSurvey()
        /// The first characters, for guessing the language.
        var sample = ""
        var warnings: [Warning]
        /// With `keepsLines`, each piece's lines and the input offset after it.
        private var pieces: [Piece] = []

        init(source: any ByteSource, encoding: TextEncoding, bodyStart: Int, keepsLines: Bool) throws(ImportError) {
            var chunks = TextChunkReader(source: source, encoding: encoding, bodyStart: bodyStart)
            var scanner = GutenbergFrame.Scanner()
            var sampleLength = 0
            while let (text, isLast) = try chunks.next() {
                let lines = TextChunkReader.lines(of: text, isLast: isLast)
                for line in lines {
                    scanner.add(line)
                    headings.add(line)
                }
                if keepsLines { pieces.append(Piece(lines: lines, offset: chunks.offset)) }
                if sampleLength < LanguageGuesser.sampleLength {
                    let part = text.prefix(LanguageGuesser.sampleLength - sampleLength)
                    sample += part
                    sampleLength += part.count
                }
            }
            frame = scanner.frame
            warnings = chunks.decoder.warnings
        }

        /// The kept pieces, handed over once.
        mutating func takePieces() -> [Piece] {
            defer { pieces = [] }
            return pieces
        }
    }

    /// The lines of one piece of decoded text, and how far into the input
    /// the piece reaches.
    private struct Piece {
        var lines: [Substring]
        var offset: Int
    }

    /// The second reading, piece by piece: lines into groups, groups into
    /// chapters, chapters into pages.
    private struct Reading {
        var chunks: TextChunkReader
        var parser: PlainTextParser
        let body: Range<Int>
        let builder: UtteranceBuilder
        let size: Int
        let options: ImportOptions
        /// A chapter longer than this (UTF-8 bytes) is handed out in parts
        /// (about this long: a part of per-word utterances takes some 15 MB
        /// per 256 KB of text).
        static let longChapter = 1 << 16
        private var grouper = LineGrouper()
        /// The last part handed out belongs to a chapter not yet finished.
        private var isPageOpen = false
        private var lineIndex = 0
        private var isFinished = false
        /// Pieces the first reading kept, read instead of decoding again.
        var keptPieces: [Piece] = []
        private var nextKeptPiece = 0
        private var offset = 0

        init(
            chunks: TextChunkReader, parser: PlainTextParser, body: Range<Int>, builder: UtteranceBuilder, size: Int,
            options: ImportOptions
        ) {
            self.chunks = chunks
            self.parser = parser
            self.body = body
            self.builder = builder
            self.size = size
            self.options = options
        }

        /// Whether pages of `kind` are read with these options.
        private func reads(_ kind: PlainTextDocument.Kind) -> Bool {
            switch kind {
            case .text: true
            case .contents: options.readsContents
            case .notes: options.readsNotes
            }
        }

        /// The blocks of a chapter of `kind`, marked as notes when it holds notes.
        private static func marked(_ blocks: [TextBlock], kind: PlainTextDocument.Kind) -> [TextBlock] {
            kind == .notes ? TextBlock.notes(blocks) : blocks
        }

        /// Reads the next piece of text; false once all of the body is read.
        mutating func readPiece() throws(ImportError) -> Bool {
            guard !isFinished else { return false }
            guard lineIndex < body.upperBound, let lines = try nextLines() else {
                finish()
                return false
            }
            for line in lines {
                defer { lineIndex += 1 }
                guard body.contains(lineIndex) else { continue }
                for group in grouper.add(line, at: lineIndex) { parser.add(group) }
            }
            return true
        }

        /// The lines of the next piece: kept, or read and decoded.
        private mutating func nextLines() throws(ImportError) -> [Substring]? {
            if nextKeptPiece < keptPieces.count {
                defer {
                    offset = keptPieces[nextKeptPiece].offset
                    keptPieces[nextKeptPiece].lines = []
                    nextKeptPiece += 1
                }
                return keptPieces[nextKeptPiece].lines
            }
            guard keptPieces.isEmpty, let (text, isLast) = try chunks.next() else { return nil }
            offset = chunks.offset
            return TextChunkReader.lines(of: text, isLast: isLast)
        }

        private mutating func finish() {
            isFinished = true
            for group in grouper.finish() { parser.add(group) }
            parser.finish()
        }

        /// The parts of the chapters completed so far (built on every core),
        /// then the first blocks of a chapter that has grown long, with how
        /// far into the input they reach.
        mutating func takeParts() -> [(part: PagePart, fraction: Double)] {
            let fraction = isFinished || size == 0 ? 1 : min(1, Double(offset) / Double(size))
            var parts: [PagePart] = []
            let chapters = parser.takeChapters().filter { reads($0.kind) }
            let utterances = builder.utterances(forPages: chapters.map { Self.marked($0.blocks, kind: $0.kind) })
            for (chapter, utterances) in zip(chapters, utterances) {
                let continues = isPageOpen && chapter.isContinued
                isPageOpen = false
                guard !utterances.isEmpty else { continue }
                parts.append(PagePart(page: Page(title: chapter.title, utterances: utterances), continuesPage: continues))
            }
            if let head = parser.takeOpenChapterHead(minimumLength: Self.longChapter), reads(head.kind) {
                // The blocks end as they do when the next block follows them.
                var utterances = builder.utterances(for: Self.marked(head.blocks + [head.next], kind: head.kind))
                utterances.removeLast(builder.utterances(for: [head.next]).count)
                if !utterances.isEmpty {
                    parts.append(PagePart(page: Page(title: head.title, utterances: utterances), continuesPage: isPageOpen))
                    isPageOpen = true
                }
            }
            return parts.map { ($0, fraction) }
        }
    }
}
