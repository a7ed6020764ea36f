import Alignment
import BookModel
import Glibc
import Narrator

/// The book spoken by espeak-ng, kept only as features and exact times:
/// the reference the recording is aligned with. The speech is analysed as
/// it is rendered, so no audio is held, and its MFCCs go to a scratch file.
struct ReferenceSpeech {
    /// The reference's frame count and timing (its MFCCs are in ``mfcc``).
    var features: AudioFeatures
    /// The reference's MFCCs, in the work folder.
    var mfcc: FeatureFile
    /// Every utterance spoken, in order, timed in reference samples.
    var utterances: [UtteranceTiming]
    /// The voice the book's text was spoken in; nil when not known.
    var voice: Voice?

    /// A voice by its engine's name for it and its language.
    struct Voice: Codable, Hashable {
        /// The engine's identifier (espeak-ng's `gmw/en-US`).
        var identifier: String
        /// Its language's BCP 47 tag, lower case (`en-us`).
        var language: String

        /// Whether it speaks a kind of English.
        var isEnglish: Bool { ReadingPlace.isEnglish(language) }
    }

    /// What speaks the reference: the book opened, the voice loaded and the
    /// analyser made, on the calling thread, so that ``speak(shouldStop:)``
    /// can then run on another one beside the recording's decoding.
    struct Speaker {
        let job: AlignJob
        let context: CommandContext
        let stream: any PageStream
        let narrator: Narrator
        let analyzer: MFCCAnalyzer
        let mfcc: FeatureFile
        /// Samples per second of the reference speech (the recording is decoded at this rate).
        let sampleRate: Int

        /// Speaks the selected pages of the book in this process, analysing as it goes.
        /// - Throws: ``Failure`` for a book that cannot be narrated, ``Interrupted`` when stopped.
        /// - Parameter progress: told the sample each utterance ends at, as it is spoken.
        func speak(shouldStop: @escaping () -> Bool, progress: @escaping (Int) -> Void = { _ in }) throws -> ReferenceSpeech {
            let sink = FeatureSink(analyzer)
            let collector = UtteranceCollector(progress: progress)
            let result: NarrationResult
            do { result = try narrator.narrate(stream, to: sink, observer: collector, shouldStop: shouldStop) } catch {
                throw Failure(job.book.path, error.description)
            }
            if result.wasInterrupted { throw Interrupted(signal: SIGINT) }
            try context.checkStrict()
            let features: AudioFeatures
            do { features = try analyzer.finish() } catch { throw Failure(nil, error.description) }
            let voice = narrator.readingVoice.map { Voice(identifier: $0.identifier, language: $0.languages.first?.tag ?? "") }
            return ReferenceSpeech(features: features, mfcc: mfcc, utterances: collector.utterances, voice: voice)
        }
    }

    /// Opens the book and the voice for the reference, its MFCCs to go to `features` in `folder`.
    /// - Throws: ``Failure`` for a book or voice that cannot be read.
    static func speaker(
        _ job: AlignJob, context: CommandContext, folder: WorkFolder, features: String = AlignCheckpoint.referenceFeatures
    ) throws -> Speaker {
        let warnings = context.warnings(about: job.book.path)
        let stream = try BookOpener.open(job.book, context: context, inMemory: false)
        let engine = try SpeechEngines.open(job.narration, threads: SpeechEngines.soloThreads, warnings: warnings)
        let narrator: Narrator
        do {
            narrator = try Narrator(engine: engine, options: job.narration, language: stream.metadata.language, warnings: warnings)
        } catch { throw Failure(job.book.path, error.description) }
        try context.checkStrict()
        let analyzer: MFCCAnalyzer, mfcc: FeatureFile
        do {
            mfcc = try FeatureFile(folder: folder.path, name: features, dimension: MFCCAnalyzer.coefficients)
            mfcc.keepsFile = true  // with its folder: kept for a resumed run, else removed with it
            analyzer = try MFCCAnalyzer(timing: FrameTiming(sampleRate: engine.sampleRate), destination: mfcc, keepsLoudness: false)
        } catch { throw Failure(nil, error.description) }
        return Speaker(job: job, context: context, stream: stream, narrator: narrator, analyzer: analyzer, mfcc: mfcc, sampleRate: engine.sampleRate)
    }

    /// Each utterance as a span of reference samples with its words.
    var spans: [ReferenceSpan] {
        utterances.map { utterance in
            ReferenceSpan(
                samples: utterance.startSample..<max(utterance.endSample, utterance.startSample),
                words: utterance.words.map { $0.startSample..<max($0.endSample, $0.startSample) })
        }
    }
}

/// An audio sink that analyses what it is given instead of keeping it.
final class FeatureSink: AudioSink {
    private let analyzer: MFCCAnalyzer

    init(_ analyzer: MFCCAnalyzer) { self.analyzer = analyzer }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(OutputError) { analyzer.append(samples) }
    func writeSilence(count: Int) throws(OutputError) { analyzer.appendSilence(count: count) }
    func finish() throws(OutputError) {}
}

/// Keeps every utterance's timing as the narration reports it.
final class UtteranceCollector: NarrationObserver {
    private(set) var utterances: [UtteranceTiming] = []
    private let progress: (Int) -> Void

    init(progress: @escaping (Int) -> Void = { _ in }) { self.progress = progress }

    func utteranceSpoken(_ timing: UtteranceTiming) {
        utterances.append(timing)
        progress(timing.endSample)
    }
}
