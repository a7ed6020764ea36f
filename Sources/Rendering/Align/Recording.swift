import Alignment
import Audiobooks
import Foundation

/// The recording: its files decoded one after another into one raw file of
/// 16-bit mono samples in the work folder (cut into each document's audio
/// later) and analysed into features on the way (the MFCCs into a scratch
/// file beside it).
struct Recording {
    /// The recording's loudness, frame count and timing.
    var features: AudioFeatures
    /// Its MFCCs, in the work folder.
    var mfcc: FeatureFile
    /// The raw samples' path.
    var rawPath: String
    /// Where each file starts, in samples of the whole recording.
    var fileStarts: [Int]
    /// Where each chapter mark inside a file (an M4B's) starts, in samples
    /// of the whole recording; marks within a second of a file's start are left out.
    var chapterStarts: [Int] = []

    /// The files' and chapters' starts together, increasing: where the
    /// recording may begin a new part of the text (``FileAnchors``).
    var partStarts: [Int] { Array(Set(fileStarts + chapterStarts)).sorted() }

    /// The raw samples' name in the work folder.
    static let rawName = "recording.raw"

    /// Decodes `paths` in order.
    /// - Throws: ``Failure`` naming the file ffmpeg could not read, with its
    ///   reason; ``Interrupted`` when stopped.
    /// - Parameters:
    ///   - chapterMarks: each file's chapter marks, in seconds from its start
    ///     (``AudioProbe/chapterStarts``); marks within a second of a file's start are left out.
    ///   - progress: told how many samples of the whole recording are decoded, as they come.
    static func decode(
        _ paths: [String], chapterMarks: [[Double]] = [], ffmpeg: FFmpeg, folder: WorkFolder, sampleRate: Int,
        shouldStop: @escaping () -> Bool, progress: @escaping (Int) -> Void = { _ in }
    ) throws -> Recording {
        let rawPath = folder.path + "/" + rawName
        let descriptor = open(rawPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(rawPath, systemMessage(errno)) }
        defer { close(descriptor) }
        let analyzer: MFCCAnalyzer, mfcc: FeatureFile
        do {
            mfcc = try FeatureFile(folder: folder.path, name: AlignCheckpoint.recordingFeatures, dimension: MFCCAnalyzer.coefficients)
            mfcc.keepsFile = true  // with its folder: kept for a resumed run, else removed with it
            analyzer = try MFCCAnalyzer(timing: FrameTiming(sampleRate: sampleRate), destination: mfcc)
        } catch { throw Failure(nil, error.description) }
        let decoder = AudioDecoder(ffmpeg: ffmpeg, sampleRate: sampleRate)
        var starts: [Int] = []
        var chapters: [Int] = []
        var total = 0
        var decoded = 0
        for (index, path) in paths.enumerated() {
            starts.append(total)
            let count: Int
            do {
                count = try decoder.decode(path, log: folder.path + "/decode.log", shouldStop: shouldStop) { (samples) throws(AudiobookError) in
                    analyzer.append(samples)
                    try Self.write(samples, to: descriptor, path: rawPath)
                    decoded += samples.count
                    progress(decoded)
                }
            } catch .interrupted {
                throw Interrupted(signal: SIGINT)
            } catch .toolFailed(_, let message) {
                throw Failure(path, Self.decodingFailure(message))
            } catch { throw Failure(path, error.description) }
            guard count > 0 else { throw Failure(path, "no audio: ffmpeg decoded no samples from it") }
            let marks = index < chapterMarks.count ? chapterMarks[index] : []
            chapters += marks.map { total + Int(($0 * Double(sampleRate)).rounded()) }
                .filter { $0 >= total + sampleRate && $0 < total + count }
            total += count
        }
        let features: AudioFeatures
        do { features = try analyzer.finish() } catch { throw Failure(nil, error.description) }
        return Recording(features: features, mfcc: mfcc, rawPath: rawPath, fileStarts: starts, chapterStarts: chapters)
    }

    private static func write(_ samples: UnsafeBufferPointer<Int16>, to descriptor: Int32, path: String) throws(AudiobookError) {
        let raw = UnsafeRawBufferPointer(samples)
        var offset = 0
        while offset < raw.count {
            let written = Glibc.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw .file(path: path, message: "cannot write: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// What an ffmpeg failure to decode a recording means to the user:
    /// ffmpeg's last line names options narrate gave it, not the file.
    static func decodingFailure(_ message: String) -> String {
        if message.contains("matches no streams") || message.contains("add a trailing '?' to the map") {
            return "not audio: ffmpeg finds no audio stream in it"
        }
        if message.contains("Invalid data found when processing input") || message.hasSuffix(": Invalid argument") {
            return "not audio: ffmpeg cannot read it as any audio or video format"
        }
        return "cannot decode the audio: \(message)"
    }
}
