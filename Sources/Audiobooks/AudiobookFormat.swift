/// An audio file format narrate writes, chosen from the output's extension
/// or `--format`, with the encoder settings measured for speech (see
/// docs/audiobooks.md for the measurements behind each default).
public enum AudiobookFormat: String, CaseIterable, Hashable, Sendable, Codable {
    /// AAC in an MPEG-4 audiobook container, chapters as chapter atoms.
    case m4b
    /// The same as ``m4b`` under the music extension.
    case m4a
    /// Opus in Ogg, chapters as `CHAPTERnnn` Vorbis comments.
    case opus
    /// The same as ``opus`` under the generic Ogg extension.
    case ogg
    /// MPEG-1/2 Layer III with ID3v2.3 tags and CHAP/CTOC chapter frames.
    case mp3
    /// Lossless FLAC, chapters as `CHAPTERnnn` Vorbis comments.
    case flac
    /// 16-bit mono PCM WAV, written by narrate itself (no chapters).
    case wav

    /// The format an output path's extension names; nil for another or no extension.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// `.m4b, .m4a, .opus, .ogg, .mp3, .flac or .wav`, for messages.
    public static var extensionList: String {
        let names = allCases.map { ".\($0.rawValue)" }
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// Whether narrate writes it through ffmpeg (all but WAV).
    public var needsEncoder: Bool { self != .wav }

    /// Whether `--bitrate` means something for it (not for lossless formats).
    public var takesBitrate: Bool { self != .flac && self != .wav }

    /// The bitrate used without `--bitrate`, in bits per second: enough for
    /// clear mono speech at espeak-ng's 22,050 Hz; nil for lossless formats.
    public var defaultBitrate: Int? {
        switch self {
        case .m4b, .m4a, .mp3: 64_000
        case .opus, .ogg: 32_000
        case .flac, .wav: nil
        }
    }

    /// Whether the audio can be encoded in several pieces (one per core
    /// at once, and kept so that an interrupted render resumes) and joined
    /// without re-encoding, with chapter times still exact. Ogg Opus joins
    /// exactly: its granule positions keep each piece's end, and each join
    /// adds just the encoder's fixed pre-skip. FLAC has no priming. AAC
    /// pieces (bare ADTS) each begin with 1,024 samples of priming and end
    /// padded to a whole frame: the renderer counts each piece's frames
    /// (``AudiobookRenderer/joinedLength(ofPiece:samples:isLast:)``) and the
    /// join is told their exact durations, so every chapter time stays
    /// sample-exact and each join adds only 50–90 ms of silence at a page
    /// boundary. MP3 pieces would carry encoder delay in LAME headers that a
    /// join cannot keep: MP3 uses one encoder. FLAC has no priming; its pieces
    /// are joined by encoding them again (``joinCodecArguments(pieces:)``).
    public var encodesInPieces: Bool { self != .mp3 && self != .wav }

    /// Samples each join adds before the next piece, at 22,050 Hz, for a
    /// format whose pieces do not say their own length; 0 for the others.
    /// For Opus, measured by aligning a joined file with its source: 170
    /// samples (libopus's pre-skip, 312 samples at 48 kHz, and the
    /// resampler's delay).
    var joinDelaySamples: Int { self == .opus || self == .ogg ? 170 : 0 }

    /// Whether each piece's length must be counted in AAC frames of 1,024
    /// samples (ADTS pieces, whose priming the first piece's clock hides).
    var countsFrames: Bool { self == .m4b || self == .m4a }

    /// Whether chapters go in as `CHAPTERnnn`/`CHAPTERnnnNAME` comments that
    /// narrate writes itself: ffmpeg 5.1's FLAC muxer writes no chapters, and
    /// its Ogg muxer rounds each chapter's seconds to the nearest (4.704 s
    /// is written `00:00:05.704`).
    var needsChapterTags: Bool { self == .flac || self == .opus || self == .ogg }

    /// Whether a cover goes in as a `METADATA_BLOCK_PICTURE` comment (Ogg,
    /// whose ffmpeg muxer takes no picture stream) rather than an attached
    /// picture stream.
    var coverAsComment: Bool { self == .opus || self == .ogg }

    /// The file extension of the intermediate pieces the encoder writes.
    /// AAC goes into bare ADTS frames rather than MP4: an MP4 writer keeps
    /// an entry for every packet in memory until the end (for a novel,
    /// 101 MB in the encoder and 188 MB in the remux, against 55 MB and
    /// 116 MB with ADTS; measured).
    var pieceExtension: String {
        switch self {
        case .m4b, .m4a: "aac"
        case .opus, .ogg: "ogg"
        case .mp3: "mp3"
        case .flac: "flac"
        case .wav: "wav"
        }
    }

    /// ffmpeg's encoder options, chosen by measured speed, size and speech
    /// quality (PESQ, see docs/audiobooks.md). AAC uses the fast coder: 5×
    /// faster than ffmpeg's default, the same size, better PESQ. Opus uses
    /// the speech (`voip`) mode at complexity 6: 1.4× faster than the
    /// defaults, 1% smaller, PESQ 3.85 instead of 3.97. (60 ms frames would
    /// be 5% faster again, but a join of such pieces adds 48 ms.)
    func encoderArguments(bitrate: Int?) -> [String] {
        let rate = (bitrate ?? defaultBitrate).map { ["-b:a", String($0)] } ?? []
        switch self {
        case .m4b, .m4a: return ["-c:a", "aac", "-aac_coder", "fast"] + rate + ["-f", "adts"]
        case .opus, .ogg:
            return ["-c:a", "libopus", "-application", "voip", "-compression_level", "6"] + rate + ["-f", "ogg"]
        case .mp3: return ["-c:a", "libmp3lame"] + rate + ["-f", "mp3"]
        case .flac, .wav: return ["-c:a", "flac", "-f", "flac"]
        }
    }

    /// ffmpeg's options for reading a piece back: ADTS does not record
    /// the AAC encoder's 1,024 samples of priming, so the piece's clock is
    /// moved back by them, and the MP4 muxer writes the edit list that
    /// makes players skip them (the file then lines up with its samples
    /// exactly, as when the encoder writes MP4 itself; measured).
    func pieceInputArguments(sampleRate: Int) -> [String] {
        guard self == .m4b || self == .m4a else { return [] }
        return ["-itsoffset", String(-1024.0 / Double(sampleRate))]
    }

    /// ffmpeg's codec options for joining pieces into the finished file:
    /// the encoded audio copied as it is, except FLAC pieces, which are
    /// encoded again (losslessly, the same samples; under a second for half
    /// an hour of speech): copied FLAC frames keep each piece's own frame
    /// numbers, and the joined file then reports the last piece's length.
    func joinCodecArguments(pieces: Int) -> [String] {
        self == .flac && pieces > 1 ? ["-c:a", "flac"] : ["-c:a", "copy"]
    }

    /// ffmpeg's muxer options for the finished file.
    var muxerArguments: [String] {
        switch self {
        case .m4b: ["-f", "ipod", "-brand", "M4B ", "-movflags", "+faststart"]
        case .m4a: ["-f", "ipod", "-movflags", "+faststart"]
        case .opus, .ogg: ["-f", "ogg"]
        case .mp3: ["-f", "mp3", "-id3v2_version", "3"]
        case .flac, .wav: ["-f", "flac"]
        }
    }
}
