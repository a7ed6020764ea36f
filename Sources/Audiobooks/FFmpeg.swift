import Foundation

/// The ffmpeg program: the one wrapper narrate has around it. It encodes
/// raw samples into pieces and muxes pieces, tags, chapters and cover into
/// the finished file; it never sees narrate's own temporary names in a
/// message to the user.
public struct FFmpeg: Sendable {
    /// The executable's path.
    public let path: String

    /// Finds `ffmpeg` on `PATH`.
    /// - Throws: ``AudiobookError/missingEncoder(format:)`` when it is not there.
    public static func locate(for format: AudiobookFormat, environment: [String: String]) throws(AudiobookError) -> FFmpeg {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for directory in directories where !directory.isEmpty {
            let candidate = directory + "/ffmpeg"
            if access(candidate, X_OK) == 0 { return FFmpeg(path: candidate) }
        }
        throw .missingEncoder(format: format)
    }

    /// Starts an encoder reading 16-bit mono samples at `sampleRate` on a
    /// pipe and writing a piece of `format` to `output`.
    func startEncoder(format: AudiobookFormat, bitrate: Int?, sampleRate: Int, output: String, log: String)
        throws(AudiobookError) -> EncoderProcess
    {
        let arguments = Self.quiet + ["-f", "s16le", "-ar", String(sampleRate), "-ac", "1", "-i", "pipe:0"]
            + format.encoderArguments(bitrate: bitrate) + ["-y", output]
        return try EncoderProcess(ffmpeg: path, arguments: arguments, log: log)
    }

    /// Joins `pieces` (without re-encoding) into `output` with the tags and
    /// chapters of `metadata` and, when given, `cover` as the format's cover art.
    /// - Parameter workDirectory: where the metadata file and join list go.
    /// - Parameter durations: each piece's exact duration in seconds, for
    ///   pieces whose headers do not say it (ADTS); empty to let ffmpeg read them.
    func mux(pieces: [String], durations: [Double?] = [], metadata: FFMetadataDocument, cover: String?, format: AudiobookFormat, sampleRate: Int,
        output: String, workDirectory: String) throws(AudiobookError)
    {
        let metadataPath = workDirectory + "/metadata.txt"
        try write(metadata.text, to: metadataPath)
        var arguments = Self.quiet + format.pieceInputArguments(sampleRate: sampleRate)
        if pieces.count == 1 {
            arguments += ["-i", pieces[0]]
        } else {
            let listPath = workDirectory + "/pieces.txt"
            let entries = pieces.enumerated().map { index, piece in
                "file '\(piece.replacingOccurrences(of: "'", with: "'\\''"))'"
                    + (durations.indices.contains(index) ? durations[index].map { "\nduration \($0)" } ?? "" : "")
            }
            try write(entries.joined(separator: "\n") + "\n", to: listPath)
            arguments += ["-f", "concat", "-safe", "0", "-i", listPath]
        }
        arguments += ["-i", metadataPath]
        if let cover { arguments += ["-i", cover] }
        let chapterSource = format.needsChapterTags ? "-1" : "1"
        arguments += ["-map", "0:a", "-map_metadata", "1", "-map_chapters", chapterSource] + format.joinCodecArguments(pieces: pieces.count)
        if cover != nil {
            arguments += ["-map", "2:v", "-c:v", "copy", "-disposition:v:0", "attached_pic"]
            arguments += ["-metadata:s:v", "title=Cover", "-metadata:s:v", "comment=Cover (front)"]
        }
        arguments += format.muxerArguments + ["-y", output]
        try run(arguments, log: workDirectory + "/mux.log")
    }

    /// The number of packets (AAC frames) in an encoded piece, counted by
    /// ffprobe beside this ffmpeg without decoding.
    func packetCount(_ piece: String, log: String) throws(AudiobookError) -> Int {
        let lines = try probe(["-count_packets", "-select_streams", "a:0", "-show_entries", "stream=nb_read_packets"], piece, log: log)
        guard let count = lines.first.flatMap({ Int($0) }) else { throw .toolFailed(program: "ffprobe", message: "no packet count for \(piece)") }
        return count
    }

    /// What ffprobe reads of `file`'s headers in one run: its length, its
    /// chapter marks, its first audio stream's codec and its container.
    public func probe(_ file: String, log: String) throws(AudiobookError) -> AudioProbe {
        let lines = try probe(
            ["-select_streams", "a:0", "-show_entries", "format=duration,format_name:stream=codec_name:chapter=start_time"], file, log: log,
            writer: "flat")
        return AudioProbe(flat: lines)
    }

    /// The lines ffprobe (beside this ffmpeg) prints for `arguments` on `file`
    /// with `writer` (CSV without headers by default).
    private func probe(_ arguments: [String], _ file: String, log: String, writer: String = "csv=p=0") throws(AudiobookError) -> [String] {
        let probe = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("ffprobe").path
        let output = log + ".out"
        let logFile = try LogFile(path: log)
        let outputFile = try LogFile(path: output)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let process = try Subprocess(
            probe, ["-v", "error"] + arguments + ["-of", writer, file],
            standardInput: null, standardOutput: outputFile.descriptor, standardError: logFile.descriptor)
        let status = process.wait()
        guard status == 0 else { throw .toolFailed(program: "ffprobe", message: logFile.lastLine(or: status)) }
        return LogFile.lines(output).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Turns an image ffmpeg can read (an SVG cover) into a JPEG file, its
    /// transparent parts on white. JPEG rather than PNG: Pride and
    /// Prejudice's SVG cover becomes a 440 KB JPEG or a 6.4 MB PNG, and
    /// the MP4 muxer holds the picture several times over (30 MB more at
    /// its peak with the PNG; measured).
    public func rasterise(_ input: String, to output: String, log: String) throws(AudiobookError) {
        let onWhite = "[0:v]split[a][b];[a]drawbox=c=white@1:t=fill[bg];[bg][b]overlay,format=yuvj420p"
        try run(
            Self.quiet + ["-i", input, "-filter_complex", onWhite, "-frames:v", "1", "-c:v", "mjpeg", "-q:v", "2"]
                + ["-f", "image2", "-y", output], log: log)
    }

    /// Runs ffmpeg to its end with standard error to `log`.
    /// - Throws: ``AudiobookError/toolFailed(program:message:)`` with its last error line.
    func run(_ arguments: [String], log: String) throws(AudiobookError) {
        let logFile = try LogFile(path: log)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let process = try Subprocess(path, arguments, standardInput: null, standardOutput: null, standardError: logFile.descriptor)
        let status = process.wait()
        guard status == 0 else { throw .toolFailed(program: "ffmpeg", message: logFile.lastLine(or: status)) }
    }

    private func write(_ text: String, to path: String) throws(AudiobookError) {
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) } catch {
            throw .file(path: path, message: "cannot write: \(error.localizedDescription)")
        }
    }

    /// Errors only, no banner, never reading the terminal.
    private static let quiet = ["-nostdin", "-hide_banner", "-loglevel", "error"]
}
