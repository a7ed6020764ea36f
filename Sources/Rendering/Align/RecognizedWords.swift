import Alignment
import Foundation
import Glibc
import Narrator
import Synchronization

/// Word times from a speech recogniser (``WordRecognizer``) in place of the
/// warping's, for English: each sentence found is cut from the recording
/// with a margin either side and its words forced-aligned there, on both
/// cores. A sentence the recogniser finds no path through keeps the
/// warping's word times. Measured in docs/alignment.md.
enum RecognizedWords {
    /// What the recogniser did.
    enum Outcome: Equatable {
        /// Sentences whose words it placed, of the sentences found with words.
        case placed(Int, of: Int)
        /// It could not be used: why (not installed, not English).
        case unavailable(String)
    }

    /// Names another folder holding the en-us model (its `en-us/` acoustic
    /// model and `cmudict-en-us.dict`) than Debian's.
    static let modelVariable = "NARRATE_POCKETSPHINX_MODEL"

    /// Recording either side of a sentence's stretch given to the recogniser, in seconds.
    static let margin = 0.25
    /// Longer stretches keep the warping's word times (the decoder's memory grows with the stretch).
    static let longestStretch = 90.0

    /// Places the words of every sentence of `alignment` found in the recording.
    /// - Throws: ``Interrupted`` when stopped.
    static func place(
        in alignment: inout BookAlignment, recording: Recording, voice: ReferenceSpeech.Voice?, shouldStop: @escaping () -> Bool
    ) throws -> Outcome {
        let chosen = alignment.utterances.indices.filter {
            alignment.utterances[$0].isAligned && !alignment.utterances[$0].reference.words.isEmpty
        }
        let placed: [Int: [Range<Int>?]]
        switch try recognized(chosen, of: alignment, recording: recording, voice: voice, shouldStop: shouldStop) {
        case .success(let found): placed = found
        case .failure(let missing): return .unavailable(missing.reason)
        }
        let reach = Int(agreement * Double(alignment.sampleRate))
        for (index, words) in placed {
            var span = alignment.utterances[index].span
            for (word, range) in zip(span.words.indices, words) {
                guard let range, word > 0 else { continue }
                span.words[word] = blended(recognized: range, warped: span.words[word].lowerBound, reach: reach)
            }
            // The first word begins with the sentence, whose onset was found
            // in the loudness (``OnsetSnapper``), closer than the recogniser
            // finds a word's: the heading "I" was placed 44–73 ms late in 12
            // of 12 Piper readings, its sentence within 10 ms.
            if let first = words.first ?? nil, !span.words.isEmpty {
                span.words[0] = span.samples.lowerBound..<max(first.upperBound, span.samples.lowerBound)
            }
            alignment.utterances[index].span = span.wordsInOrder(minimum: recording.features.timing.hop)
        }
        return .placed(placed.count, of: chosen.count)
    }

    /// The words the recogniser places in each sentence of `chosen` it
    /// finds a path through, in recording samples.
    /// - Throws: ``Interrupted`` when stopped; ``Failure`` when the recording cannot be read.
    private static func recognized(
        _ chosen: [Int], of alignment: BookAlignment, recording: Recording, voice: ReferenceSpeech.Voice?,
        shouldStop: @escaping () -> Bool
    ) throws -> Result<[Int: [Range<Int>?]], RecognizerMissing> {
        try eachStretch(chosen, of: alignment, recording: recording, voice: voice, shouldStop: shouldStop) {
            recognizer, words, samples, start in
            recognizer.place(words, in: samples)?.map { $0.map { (start + $0.lowerBound)..<(start + $0.upperBound) } }
        }
    }

    /// What `read` makes of each sentence of `chosen`: its words as written
    /// and its stretch of the recording (``margin`` either side, at most
    /// ``longestStretch``; from recording sample `start`), given to a
    /// recogniser of its own on each core; sentences it gives nil left out.
    /// The reason the recogniser cannot be used (not installed, not
    /// English) is the failure.
    /// - Throws: ``Interrupted`` when stopped; ``Failure`` when the recording cannot be opened.
    static func eachStretch<Value: Sendable>(
        _ chosen: [Int], of alignment: BookAlignment, recording: Recording, voice: ReferenceSpeech.Voice?,
        shouldStop: @escaping () -> Bool,
        read: @escaping (_ recognizer: WordRecognizer, _ words: [String], _ samples: UnsafeBufferPointer<Int16>, _ start: Int) -> Value?
    ) throws -> Result<[Int: Value], RecognizerMissing> {
        guard let voice, voice.isEnglish else {
            return .failure(RecognizerMissing(
                reason: "the recogniser knows English only (the book is read in \(voice?.language ?? "an unknown language"))"))
        }
        let rate = alignment.sampleRate
        let model = ProcessInfo.processInfo.environment[modelVariable] ?? WordRecognizer.englishModel
        let phonemizer = Phonemizer(voice: voice.identifier)
        let descriptor = open(recording.rawPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(recording.rawPath, systemMessage(errno)) }
        defer { close(descriptor) }
        let utterances = alignment.utterances, total = alignment.recordingSamples
        let margin = Int(Self.margin * Double(rate)), longest = Int(longestStretch * Double(rate))
        let work = { (part: Int, stop: @escaping () -> Bool) throws -> [Int: Value] in
            let recognizer: WordRecognizer
            do throws(AlignmentError) { recognizer = try WordRecognizer(sampleRate: rate, model: model, pronounce: phonemizer.ipa) } catch {
                throw RecognizerMissing(reason: error.description)
            }
            var values: [Int: Value] = [:]
            for index in chosen.enumerated().filter({ $0.offset % 2 == part }).map(\.element) {
                if stop() { throw Interrupted(signal: SIGINT) }
                let span = utterances[index].span.samples
                let window = max(span.lowerBound - margin, 0)..<min(span.upperBound + margin, total)
                guard !window.isEmpty, window.count <= longest, let samples = Self.read(window, from: descriptor) else { continue }
                let words = utterances[index].reference.words.map(\.text)
                values[index] = samples.withUnsafeBufferPointer { read(recognizer, words, $0, window.lowerBound) }
            }
            return values
        }
        do {
            let halves = try SideBySide.run(shouldStop: shouldStop) { try work(0, $0) } and: { try work(1, $0) }
            return .success(halves.0.merging(halves.1) { first, _ in first })
        } catch let missing as RecognizerMissing {
            return .failure(missing)
        }
    }

    /// The two estimates of where a word starts agree within this many
    /// seconds: they are blended (``warpingShare``); further apart the
    /// warping has taken a phrasing of the reference voice for the
    /// reading's (docs/alignment.md) and the recogniser's start is kept.
    static let agreement = 0.15
    /// The warping's share of a blended start. The two err independently
    /// (an acoustic model's pull towards its own phone durations, and the
    /// spread between two voices' spectra), so a blend errs less than
    /// either: words within 50 ms on fresh Piper readings (2026-12-03,
    /// docs/alignment.md) 93–94% → 97–98% plain, 93% → 96% on the Alice
    /// passage, 77–80% → 88–91% at 0.8× (the warping alone: 86–88%, 82%, 80–83%).
    static let warpingShare = 1.0 / 3

    /// A word's range from the recogniser's and the warping's starts.
    static func blended(recognized: Range<Int>, warped: Int, reach: Int) -> Range<Int> {
        guard abs(warped - recognized.lowerBound) <= reach else { return recognized }
        let start = recognized.lowerBound + Int((Double(warped - recognized.lowerBound) * warpingShare).rounded())
        return start..<max(recognized.upperBound, start)
    }

    /// The recording's samples in `range`, read from its raw file; nil when it cannot be read.
    private static func read(_ range: Range<Int>, from descriptor: Int32) -> [Int16]? {
        var samples = [Int16](repeating: 0, count: range.count)
        let wanted = range.count * MemoryLayout<Int16>.size
        let got = samples.withUnsafeMutableBytes { buffer -> Int in
            var done = 0
            while done < wanted {
                let count = pread(descriptor, buffer.baseAddress.map { $0 + done }, wanted - done, off_t(range.lowerBound * 2 + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                done += count
            }
            return done
        }
        return got == wanted ? samples : nil
    }

    struct RecognizerMissing: Error { var reason: String }

    /// espeak-ng's IPA of a word, for words the recogniser's dictionary
    /// lacks; one engine for both workers, taken in turn.
    private final class Phonemizer: Sendable {
        private let engine: Mutex<Result<ESpeakEngine, SpeechError>?> = Mutex(nil)
        private let voice: String

        /// - Parameter voice: the engine's identifier for the voice
        ///   (`gmw/en`): espeak-ng does not select a voice by a language
        ///   tag such as `en-gb`, and with the tag every sentence holding
        ///   a word the dictionary lacks ("waistcoat") kept the warping's
        ///   word times (until 2026-12-04).
        init(voice: String) { self.voice = voice }

        func ipa(_ word: String) -> String? {
            engine.withLock { engine in
                if engine == nil { engine = Result { () throws(SpeechError) in try ESpeakEngine() } }
                guard case .success(let espeak)? = engine else { return nil }
                return try? espeak.ipa(ofWord: word, voice: voice)
            }
        }
    }
}
