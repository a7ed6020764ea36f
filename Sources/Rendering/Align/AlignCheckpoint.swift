import Alignment
import BookModel
import Foundation
import Narrator

/// What an alignment keeps in its work folder once each side is done, so
/// that the same command run again after an interruption (Ctrl-C, a kill,
/// a reboot) goes on from there: the recording decoded into its raw file,
/// its MFCCs and loudness; the reference's MFCCs and every utterance's
/// times. The folder is named for the job and its files (``key(_:)``); a
/// side without its record, or whose files do not match it, is done again.
enum AlignCheckpoint {
    /// The names of the files in the work folder.
    static let recordingRecord = "recording.done", referenceRecord = "reference.done"
    static let recordingFeatures = "recording.mfcc", referenceFeatures = "reference.mfcc", loudness = "recording.loudness"
    /// The MFCCs of the reference spoken again at the reading's pace (the first one's kept until it is chosen).
    static let pacedFeatures = "paced.mfcc"

    /// One signal's features: its MFCC file, timing and lengths.
    struct SignalRecord: Codable {
        var mfcc: FeatureFile.Saved
        var timing: FrameTiming
        var sampleCount: Int
        var frameCount: Int

        init(_ features: AudioFeatures, mfcc: FeatureFile) {
            self.mfcc = mfcc.saved
            timing = features.timing
            sampleCount = features.sampleCount
            frameCount = features.frameCount
        }

        /// The features again, with `loudness` (the recording's; none for the reference).
        func features(loudness: [Float]) -> AudioFeatures {
            AudioFeatures(
                timing: timing, mfcc: FeatureMatrix(dimension: mfcc.dimension), loudness: loudness, sampleCount: sampleCount,
                frameCount: frameCount)
        }
    }

    struct RecordingRecord: Codable {
        var signal: SignalRecord
        var fileStarts: [Int]
        var chapterStarts: [Int]
    }

    struct ReferenceRecord: Codable {
        var signal: SignalRecord
        var utterances: [UtteranceTiming]
        var voice: ReferenceSpeech.Voice?
    }

    /// The work folder's name for `job`: a fingerprint of the job (without
    /// `--quiet`, and without `--no-recognizer`, which changes neither side:
    /// a recording refused as another text goes on from its sides when run
    /// again with it), narrate's version, and the size and modification
    /// time of the book and of every AUDIO file (a changed file starts afresh).
    static func key(_ job: AlignJob) -> String? {
        var identity = job
        identity.book.quiet = false
        identity.recognizesWords = true
        return RenderPreflight.workKey(identity, files: [job.book.path] + job.audio)
    }

    static func save(_ recording: Recording, in folder: String) throws(Failure) {
        let bytes = recording.features.loudness.withUnsafeBytes { Data($0) }
        do { try bytes.write(to: URL(fileURLWithPath: folder + "/" + loudness), options: .atomic) } catch {
            throw Failure(folder + "/" + loudness, "cannot write the recording's loudness: \(error.localizedDescription)")
        }
        let record = RecordingRecord(
            signal: SignalRecord(recording.features, mfcc: recording.mfcc), fileStarts: recording.fileStarts,
            chapterStarts: recording.chapterStarts)
        try WorkFile.write(record, to: folder + "/" + recordingRecord, what: "the record of the decoded recording")
    }

    /// The recording an earlier run decoded in `folder`; nil when there is none to trust.
    static func recording(in folder: String) -> Recording? {
        guard let record: RecordingRecord = read(folder + "/" + recordingRecord),
            let data = FileManager.default.contents(atPath: folder + "/" + loudness),
            data.count == record.signal.frameCount * MemoryLayout<Float>.size,
            let mfcc = try? FeatureFile(reopening: record.signal.mfcc)
        else { return nil }
        let rawPath = folder + "/" + Recording.rawName
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: rawPath),
            (attributes[.size] as? NSNumber)?.intValue == record.signal.sampleCount * MemoryLayout<Int16>.size
        else { return nil }
        let loudness = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return Recording(features: record.signal.features(loudness: loudness), mfcc: mfcc, rawPath: rawPath, fileStarts: record.fileStarts, chapterStarts: record.chapterStarts)
    }

    static func save(_ reference: ReferenceSpeech, in folder: String) throws(Failure) {
        let record = ReferenceRecord(
            signal: SignalRecord(reference.features, mfcc: reference.mfcc), utterances: reference.utterances, voice: reference.voice)
        try WorkFile.write(record, to: folder + "/" + referenceRecord, what: "the record of the reference speech")
    }

    /// The reference an earlier run spoke in `folder`; nil when there is none to trust.
    static func reference(in folder: String) -> ReferenceSpeech? {
        guard let record: ReferenceRecord = read(folder + "/" + referenceRecord),
            let mfcc = try? FeatureFile(reopening: record.signal.mfcc)
        else { return nil }
        return ReferenceSpeech(
            features: record.signal.features(loudness: []), mfcc: mfcc, utterances: record.utterances, voice: record.voice)
    }

    private static func read<Record: Decodable>(_ path: String) -> Record? {
        FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode(Record.self, from: $0) }
    }
}
