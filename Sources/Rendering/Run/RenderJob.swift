import Audiobooks
import Foundation
import Importers
import Narrator
import ReadAlong

/// Everything about one render, as one typed value: which book and how to
/// read it, how to narrate it, and what to write. `narrate speak` builds it
/// once from its command line; the render workers get it from the work
/// folder (``RenderOrder``), never as re-serialised options, so an option
/// added to ``BookRequest``, ``ImportOptions`` or ``NarrationOptions``
/// reaches every output without another step.
public struct RenderJob: Codable, Hashable, Sendable {
    /// The book and every choice of how it is read.
    public var book: BookRequest
    /// Voice, engine, rate, pitch, volume, pages and where to start.
    public var narration: NarrationOptions
    /// What is written.
    public var output: RenderOutput
    /// Worker processes (and encoders) at once; at least 1.
    public var jobs: Int

    public init(book: BookRequest, narration: NarrationOptions, output: RenderOutput, jobs: Int) {
        self.book = book
        self.narration = narration
        self.output = output
        self.jobs = max(jobs, 1)
    }
}

/// A book file and how it is read: every import option, the user's
/// lexicons and how warnings count.
public struct BookRequest: Codable, Hashable, Sendable {
    /// The book's path; `-` for standard input (a render saves it to a file first).
    public var path: String
    /// Split, prosody, notes, contents, language, EPUB choices, zip limits.
    public var options: ImportOptions
    /// The user's lexicons in the order they apply: each `--lexicon`, then
    /// the one found beside the book. Resolved once, by the process that
    /// was asked, so workers read exactly these.
    public var lexicons: [String]
    /// Whether the lexicon beside the book is still to be looked for (true
    /// until ``resolvingLexicons(notice:)`` has done it).
    public var looksBesideBook: Bool
    /// Warnings are fatal (`--strict`).
    public var strict: Bool
    /// Warnings are not printed (`--quiet`).
    public var quiet: Bool

    public init(path: String, options: ImportOptions = ImportOptions(), lexicons: [String] = [], strict: Bool = false,
        quiet: Bool = false)
    {
        self.path = path
        self.options = options
        self.lexicons = lexicons
        looksBesideBook = true
        self.strict = strict
        self.quiet = quiet
    }
}

/// What a render writes.
public enum RenderOutput: Codable, Hashable, Sendable {
    /// One audiobook file, or one file per chapter in a folder.
    case audiobook(AudiobookOutput)
    /// A read-along EPUB 3 with media overlays.
    case readAlong(ReadAlongOutput)

    /// The format of the audio the workers' samples are encoded into.
    public var audioFormat: AudiobookFormat {
        switch self {
        case .audiobook(let output): output.format
        case .readAlong: ReadAlongOutput.audioFormat
        }
    }

    /// Bits per second of that audio; nil for the format's default.
    public var bitrate: Int? {
        switch self {
        case .audiobook(let output): output.bitrate
        case .readAlong(let output): output.bitrate
        }
    }

    /// The path `-o` named.
    public var path: String {
        switch self {
        case .audiobook(let output): output.path
        case .readAlong(let output): output.path
        }
    }
}

/// `-o book.m4b` (`.opus`, `.mp3`, `.flac`…), or `-o DIR --per-chapter`.
public struct AudiobookOutput: Codable, Hashable, Sendable {
    /// The file, `-` for standard output, or the folder with ``perChapter``.
    public var path: String
    public var format: AudiobookFormat
    /// Bits per second; nil for the format's default.
    public var bitrate: Int?
    /// `--cover FILE`; nil to take the book's own.
    public var cover: String?
    /// One file per page in the folder ``path`` names.
    public var perChapter: Bool
    /// `--timings FILE` (.json, .srt, .vtt) beside a single file; nil for none.
    public var timings: String?
    /// `--library`: ``path`` is a library's root folder, and the book goes
    /// into `Author/Series/Title/` under it (see ``LibraryFolder``).
    public var library: Bool
    /// `--narrator NAME`, the `composer` tag; nil names the voice.
    public var narrator: String?

    public init(path: String, format: AudiobookFormat, bitrate: Int? = nil, cover: String? = nil, perChapter: Bool = false,
        timings: String? = nil, library: Bool = false, narrator: String? = nil)
    {
        self.library = library
        self.narrator = narrator
        self.path = path
        self.format = format
        self.bitrate = bitrate
        self.cover = cover
        self.perChapter = perChapter
        self.timings = timings
    }
}

/// `-o book.epub`: a read-along book.
public struct ReadAlongOutput: Codable, Hashable, Sendable {
    public var path: String
    /// Sentence or word highlighting.
    public var sync: SyncLevel
    /// Bits per second of its MP3 narration.
    public var bitrate: Int

    /// The audio format inside read-along books: MP3, the fastest core
    /// media type to encode and the one every reading system plays.
    public static let audioFormat = AudiobookFormat.mp3
    /// Bits per second without `--bitrate`: espeak-ng's 22,050 Hz mono
    /// speech at half the audiobook rate keeps a novel's book small.
    public static let defaultBitrate = 32_000

    public init(path: String, sync: SyncLevel, bitrate: Int? = nil) {
        self.path = path
        self.sync = sync
        self.bitrate = bitrate ?? Self.defaultBitrate
    }
}

/// What a render worker is given: the job and the plan its chunk is part
/// of, written once as `order.json` in the work folder. A worker is started
/// as `narrate _render WORKFOLDER/order.json CHUNK` and writes its samples,
/// marks and messages beside it.
public struct RenderOrder: Codable, Sendable {
    public var job: RenderJob
    public var plan: RenderPlan
    /// The book's fingerprint (``BookOutline/fingerprint``) when the order
    /// was written: a resumed render goes on only on the same book.
    public var book: String

    public static let fileName = "order.json"

    public init(job: RenderJob, plan: RenderPlan, book: String) {
        self.job = job
        self.plan = plan
        self.book = book
    }

    /// Writes the order into `folder`; returns its path.
    public func save(in folder: String) throws(Failure) -> String {
        let path = folder + "/" + Self.fileName
        try WorkFile.write(self, to: path, what: "the render order")
        return path
    }

    /// Reads an order a parent wrote.
    public static func load(_ path: String) throws(Failure) -> RenderOrder {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(path, "no render order here") }
        do { return try JSONDecoder().decode(RenderOrder.self, from: data) } catch {
            throw Failure(path, "not a render order narrate \(NarrateVersion.current) can read: \(error)")
        }
    }
}

/// narrate's version, which fingerprints of finished work include.
public enum NarrateVersion {
    public static let current = "0.1.0"
}

/// A JSON file of the work folder, written whole or not at all.
enum WorkFile {
    /// Writes `value` as JSON (keys sorted) to `path` atomically.
    /// - Throws: ``Failure`` naming the file and `what` it holds.
    static func write(_ value: some Encodable, to path: String, what: String) throws(Failure) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(value).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch { throw Failure(path, "cannot write \(what): \(error.localizedDescription)") }
    }
}
