import Alignment
import Audiobooks
import BookModel
import Foundation
import Narrator

/// Where in the book (or in the pages `--pages` and `--from` chose) a
/// recording of part of it begins and ends, found by listening: a
/// chapter's recording aligned with the whole book, or with the book from
/// that chapter on. The warping cannot find a late beginning itself
/// (at its coarse levels unrelated speech matches about as well as the
/// text, docs/alignment.md), and speaking the whole book for reference
/// costs minutes. So when the recording is much shorter than the text,
/// the speech recogniser writes down its first and last seconds, each
/// transcript is placed in the book's words (``TranscriptLocator``), and
/// the job goes on as if `--from` and `--pages` had named that part. (The
/// warping's early end does not reliably leave a chapter after a natural
/// voice's reading unread: Piper's chapter III against `--pages 5-14` was
/// refused by the reading check before it was listened to.)
/// English only (the recogniser's model); where nothing stands out, the
/// job is left as it was.
enum ReadingPlace {
    /// Seconds of the recording transcribed at its beginning (room for an
    /// announcement, such as LibriVox's, before the text) and at its end.
    static let headSeconds = 40.0
    static let tailSeconds = 30.0
    /// A recording shorter than this share of the text read at
    /// ``fastestPace`` reads only part of it (a whole reading takes longer).
    static let partShare = 0.6
    static let fastestPace = 200.0  // words a minute
    /// Words a minute the found part must make of the recording; else its end is not trusted.
    static let plausiblePaces = 50.0...400.0
    /// Words heard, fewer than which a recording found nowhere is not said to be (it may be silence or noise).
    static let fewestWordsHeard = 8
    /// The recogniser's own rate.
    static let sampleRate = 16_000

    /// The part of the book found.
    struct Part: Equatable {
        /// The first utterance read; nil for the beginning of the text chosen.
        var start: UtterancePosition?
        /// The last page read (0-based); nil for the end of the text chosen.
        var lastPage: Int?
    }

    /// `job` with its narration's start and pages narrowed to the part of
    /// the text chosen that the recording reads, when that could be found;
    /// `job` unchanged otherwise (words not wanted from the recogniser, a
    /// recording about as long as the text, not English, no recogniser,
    /// nothing clear).
    /// - Throws: ``Failure`` for a book that cannot be read.
    /// - Parameter listening: called when the recogniser starts listening.
    static func located(
        _ job: AlignJob, recordingSeconds: Double?, ffmpeg: FFmpeg, context: CommandContext, shouldStop: @escaping () -> Bool,
        listening: () -> Void
    ) throws -> AlignJob {
        guard job.recognizesWords, let recordingSeconds, let firstFile = job.audio.first, let lastFile = job.audio.last else { return job }
        let book = try BookOpener.load(Self.wordsOnly(job.book), context: CommandContext())
        guard (job.book.options.language ?? book.metadata.language).map(Self.isEnglish) ?? true else { return job }
        let text = BookWords(book, pages: job.narration.pages, start: job.narration.start)
        guard !text.positions.isEmpty, recordingSeconds < partShare * Double(text.locator.words.count) / fastestPace * 60 else { return job }
        let decoder = AudioDecoder(ffmpeg: ffmpeg, sampleRate: sampleRate)
        listening()
        let transcripts: (head: [String], tail: [String])
        do {
            if job.audio.count == 1, recordingSeconds <= headSeconds + tailSeconds {
                // Beginning and end overlap: one transcript serves for both (no more than that is read,
                // whatever length the file's header claims).
                let whole = try transcript(of: firstFile, .first(seconds: headSeconds + tailSeconds), decoder: decoder, shouldStop: shouldStop)
                transcripts = (whole, whole)
            } else {
                transcripts = try SideBySide.run(shouldStop: shouldStop) { stop in
                    try transcript(of: firstFile, .first(seconds: headSeconds), decoder: decoder, shouldStop: stop)
                } and: { stop in
                    try transcript(of: lastFile, .last(seconds: tailSeconds), decoder: decoder, shouldStop: stop)
                }
            }
        } catch let error as Interrupted {
            throw error
        } catch {
            return job  // no recogniser, or a file ffmpeg cannot read: the alignment itself says so
        }
        let name = job.audio.count == 1 ? firstFile : "the recording"
        let chosen = job.narration.pages != nil || job.narration.start != nil
        guard let part = text.part(head: transcripts.head, tail: transcripts.tail, recordingSeconds: recordingSeconds) else {
            // Aligned as a whole, a reading of part of the text may be warped all over it (the reading
            // check listens only to natural voices' alignments), so the way out is said, unless taken or
            // nothing was heard at all (a silent recording gets its own line from the alignment).
            if !job.book.quiet, !chosen, transcripts.head.count + transcripts.tail.count >= Self.fewestWordsHeard {
                context.printError(
                    "narrate: \(name): the recording is much shorter than the text, and the recogniser found neither its beginning nor its end in it; if it reads only part of the text, --from or --pages says which")
            }
            return job
        }
        guard part != Part() else { return job }
        var located = job
        if let start = part.start { located.narration.start = start }
        if let lastPage = part.lastPage {
            let firstPage = located.narration.start?.page ?? text.positions[0].page
            located.narration.pages = (firstPage + 1)...(lastPage + 1)
        }
        if !job.book.quiet {
            context.printError("narrate: \(name): " + describe(part, in: book, chosen: chosen))
        }
        return located
    }

    /// The book as read for its words alone: its warnings are the
    /// reference speech's to give (once, and fatal with `--strict`), and
    /// lexicons change how words are said, not which.
    static func wordsOnly(_ request: BookRequest) -> BookRequest {
        var request = request
        (request.quiet, request.strict, request.lexicons, request.looksBesideBook) = (true, false, [], false)
        return request
    }

    /// What the recogniser heard in a stretch of `path`.
    private static func transcript(
        of path: String, _ stretch: AudioDecoder.Stretch, decoder: AudioDecoder, shouldStop: @escaping () -> Bool
    ) throws -> [String] {
        let transcriber = try SpeechTranscriber(sampleRate: sampleRate)
        var samples: [Int16] = []
        try decoder.decode(path, stretch: stretch, log: "/dev/null", shouldStop: shouldStop) { samples.append(contentsOf: $0) }
        return samples.withUnsafeBufferPointer(transcriber.transcript(of:))
    }

    static func isEnglish(_ language: String) -> Bool {
        let tag = language.lowercased()
        return tag == "en" || tag.hasPrefix("en-") || tag.hasPrefix("en_")
    }

    /// The line that says which part is aligned; `chosen` when `--pages`
    /// or `--from` had chosen the text it was looked for in.
    static func describe(_ part: Part, in book: Book, chosen: Bool = false) -> String {
        var from = ""
        if let start = part.start {
            // The first utterances read, up to a few words (a heading alone says little).
            let utterances = book.pages[start.page].utterances[start.utterance...]
            var opening = ""
            for utterance in utterances where opening.count < 24 {
                opening += (opening.isEmpty ? "" : " ") + utterance.text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            from = " from page \(start.page + 1) (“\(Self.excerpt(opening))”)"
        }
        let to = part.lastPage.map { " to page \($0 + 1)" } ?? " on"
        let text = chosen ? "the text chosen" : "the text"
        let beginning = chosen ? " from where it begins" : " from its beginning"
        let choice = chosen ? "" : " (--from or --pages chooses another)"
        return "the recording reads part of \(text),\(from.isEmpty ? beginning : from)\(to): only that part is aligned\(choice)"
    }

    /// The first words of `text`, at most about 40 characters.
    static func excerpt(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        var kept = ""
        for word in words {
            if !kept.isEmpty, kept.count + word.count > 40 { return kept + "…" }
            kept += (kept.isEmpty ? "" : " ") + word
        }
        return kept
    }

    /// The book's words as the recogniser spells them, each with the
    /// utterance it belongs to.
    struct BookWords {
        let locator: TranscriptLocator
        /// Each word's utterance, by index into ``positions``.
        let owners: [Int]
        /// The utterances chosen, in order.
        let positions: [UtterancePosition]

        /// - Parameters:
        ///   - pages: the pages chosen (`--pages`, 1-based); nil for all.
        ///   - start: where the reading was said to begin (`--from`); nil for the first page chosen.
        init(_ book: Book, pages: ClosedRange<Int>? = nil, start: UtterancePosition? = nil) {
            var words: [String] = [], owners: [Int] = [], positions: [UtterancePosition] = []
            for (pageIndex, page) in book.pages.enumerated() where pages?.contains(pageIndex + 1) ?? true {
                for (index, utterance) in page.utterances.enumerated() {
                    let position = UtterancePosition(page: pageIndex, utterance: index)
                    if let start, position < start { continue }
                    for word in utterance.text.split(whereSeparator: \.isWhitespace) {
                        for token in RecognizerTokens.tokens(of: String(word)) {
                            words.append(token)
                            owners.append(positions.count)
                        }
                    }
                    positions.append(position)
                }
            }
            locator = TranscriptLocator(words: words)
            self.owners = owners
            self.positions = positions
        }

        /// The part a recording reads, from its beginning's and end's
        /// transcripts; nil when neither was found in the text.
        func part(head: [String], tail: [String], recordingSeconds: Double) -> Part? {
            var part = Part()
            var firstWord = 0
            let heardHead = locator.place(of: head)
            if let found = heardHead {
                firstWord = found.lowerBound
                let start = positions[owners[found.lowerBound]]
                // A heading or two before the first words heard are read with them.
                let snapped = max(start.utterance <= 2 ? UtterancePosition(page: start.page, utterance: 0) : start, positions[0])
                part.start = snapped == positions[0] ? nil : snapped
            }
            let heardTail = locator.place(of: tail, from: firstWord)
            guard heardHead != nil || heardTail != nil else { return nil }
            if let found = heardTail, ReadingPlace.plausiblePaces.contains(Double(found.upperBound - firstWord) / recordingSeconds * 60) {
                // The page of the last words heard, not the next one too: a whole chapter after the reading
                // is not always left unread by the warping (chapter III read by Piper, aligned with III and IV,
                // had IV's sentences put in its last seconds).
                let page = positions[owners[found.upperBound - 1]].page
                part.lastPage = page >= (positions.last?.page ?? 0) ? nil : page
            }
            return part
        }
    }
}
