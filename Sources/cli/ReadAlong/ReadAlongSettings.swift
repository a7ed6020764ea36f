import Audiobooks
import Foundation
import ReadAlong

/// What `narrate speak BOOK -o OUT.epub` was asked for: the sync level, and
/// the audio settings of the renderer it shares with audiobooks.
struct ReadAlongSettings {
    var sync: SyncLevel
    /// The audio inside the book: MP3 (see docs/readalong.md for why).
    var audio: AudiobookSettings

    /// The audio format inside read-along books: MP3, the fastest core
    /// media type to encode and the one every reading system plays.
    static let audioFormat = AudiobookFormat.mp3
    /// Bits per second without `--bitrate`: espeak-ng's 22,050 Hz mono
    /// speech at half the audiobook rate keeps a novel's book small.
    static let defaultBitrate = 32_000

    /// Whether `-o` names a read-along book (`.epub`, any case).
    static func isReadAlong(_ output: String?) -> Bool {
        guard let output, output != "-" else { return false }
        return output.lowercased().hasSuffix(".epub")
    }

    /// - Throws: ``UsageError`` for options a read-along book cannot take.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        sync = try arguments.choice("sync", as: SyncLevel.self) ?? .sentence
        for name in ["format", "per-chapter", "cover", "timings"] where arguments.value(name) != nil || arguments.flag(name) {
            throw UsageError("--\(name) does not apply to a read-along book (-o BOOK.epub)")
        }
        let bitrate = try arguments.value("bitrate").map { (text) throws(UsageError) in
            try AudiobookSettings.bitrate(text, format: Self.audioFormat)
        }
        let jobs = try arguments.number("jobs", in: 1...256).map { Int($0) } ?? ProcessInfo.processInfo.activeProcessorCount
        audio = AudiobookSettings(
            format: Self.audioFormat, bitrate: bitrate ?? Self.defaultBitrate, jobs: jobs,
            workerOptions: NarrationArguments.passedOn(arguments, bookOptions: ["include-nonlinear", "alt-text", "strict"]))
    }
}

extension AudiobookSettings {
    /// Settings for one file rendered in pieces, with no cover or chapters of its own.
    init(format: AudiobookFormat, bitrate: Int?, jobs: Int, workerOptions: [String]) {
        self.format = format
        self.bitrate = bitrate
        cover = nil
        perChapter = false
        self.jobs = jobs
        self.workerOptions = workerOptions
    }
}
