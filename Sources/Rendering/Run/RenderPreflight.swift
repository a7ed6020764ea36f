import Audiobooks
import BookModel
import Foundation

/// The checks every render to a file makes before anything is read or
/// started, the same for one audiobook file, a file per chapter and a
/// read-along book: ffmpeg is there, the output can take the audio, the
/// voice is one the chosen engine has.
public enum RenderPreflight {
    /// - Returns: the ffmpeg that encodes the audio.
    /// - Throws: ``Failure`` without ffmpeg; ``UsageError`` for audio bound
    ///   for a terminal, a read-along book from standard input, or an unknown voice.
    public static func check(_ job: RenderJob, context: CommandContext) throws -> FFmpeg {
        let ffmpeg: FFmpeg
        do { ffmpeg = try FFmpeg.locate(for: job.output.audioFormat, environment: ProcessInfo.processInfo.environment) } catch {
            throw Failure(job.isPerChapter ? nil : job.output.path, error.description)
        }
        switch job.output {
        case .audiobook(let output):
            if output.path == "-", context.stdoutIsTerminal {
                throw UsageError("refusing to write \(output.format.rawValue) audio to a terminal; use -o FILE or pipe the output")
            }
        case .readAlong:
            if job.book.path == "-" { throw UsageError("a read-along book is made from a book file, not standard input") }
        }
        try SpeechEngines.preflight(job.narration)
        return ffmpeg
    }

    /// Text per piece of a single file at most, in characters: the most an
    /// interrupted render loses. ``RenderPlan/largestPiece`` unless
    /// `NARRATE_PIECE_CHARACTERS` sets it (tests make small pieces).
    public static var pieceCharacters: Int {
        ProcessInfo.processInfo.environment["NARRATE_PIECE_CHARACTERS"].flatMap { Int($0) }.map { max($0, 100) }
            ?? RenderPlan.largestPiece
    }

    /// The name of a resumable render's work folder: a fingerprint of the
    /// job and narrate's version; nil for a render that cannot resume (a
    /// book on standard input, a folder of chapter files, which resumes by
    /// its own list of finished files).
    public static func resumeKey(_ job: RenderJob) -> String? {
        guard job.book.path != "-", !job.isPerChapter else { return nil }
        return workKey(job.identity)
    }

    /// A fingerprint (hexadecimal) of a job's `identity` (its JSON, keys
    /// sorted), narrate's version and the size and modification time of
    /// each of `files`: the name of the work folder a run may resume.
    /// Nil when the identity cannot be encoded or a file cannot be read.
    static func workKey(_ identity: some Encodable, files: [String] = []) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let json = try? encoder.encode(identity) else { return nil }
        var digest = StableDigest()
        digest.add(Array(json))
        digest.add(NarrateVersion.current)
        for path in files {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            digest.add("\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        }
        return digest.hex
    }
}

extension RenderJob {
    /// The job without what does not change its output (`--quiet`): two
    /// runs whose identities are equal write the same file, so one may
    /// resume the other.
    public var identity: RenderJob {
        var identity = self
        identity.book.quiet = false
        return identity
    }

    /// Whether it writes one file per chapter.
    public var isPerChapter: Bool {
        if case .audiobook(let output) = output { output.perChapter } else { false }
    }
}
