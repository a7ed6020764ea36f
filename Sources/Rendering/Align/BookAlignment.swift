import Alignment
import Narrator

/// The recording aligned with the reference: each utterance's times in
/// the recording, whether it was found there, and what the recording holds
/// that the text does not (before the first and after the last utterance).
struct BookAlignment {
    /// An utterance as the reference spoke it and where the recording has it.
    struct Utterance {
        var reference: UtteranceTiming
        var span: AlignedSpan
        var isAligned: Bool { span.status == .aligned && !span.samples.isEmpty }
    }

    var utterances: [Utterance]
    /// Samples of the recording.
    var recordingSamples: Int
    let sampleRate: Int

    /// Aligns the two signals' features and maps every utterance.
    /// - Throws: ``Failure`` when either signal is empty.
    init(reference: ReferenceSpeech, recording: Recording, folder: WorkFolder) throws {
        let path: WarpingPath
        let timing = recording.features.timing
        let starts = reference.spans.map { timing.frame(ofSample: $0.samples.lowerBound) }
        do {
            path = try MultiResolutionDTW(weights: MultiResolutionDTW.mfccWeights)
                .path(reference: reference.mfcc, recording: recording.mfcc, scratch: folder.path, sentenceStarts: starts)
        } catch { throw Failure(nil, error.description) }
        let mapper = SpanMapper(path: path, timing: recording.features.timing, recordingSamples: recording.features.sampleCount)
        let snapper = OnsetSnapper(loudness: recording.features.loudness, timing: recording.features.timing)
        let unrelated: [Double]
        do {
            unrelated = try UnrelatedCost(weights: MultiResolutionDTW.mfccWeights, timing: recording.features.timing)
                .costs(of: reference.spans, reference: reference.mfcc, recording: recording.mfcc)
        } catch { throw Failure(nil, error.description) }
        let spans = mapper.map(reference.spans, unrelated: unrelated).map(snapper.snappedStart)
        utterances = zip(reference.utterances, spans).map { Utterance(reference: $0, span: $1) }
        recordingSamples = recording.features.sampleCount
        sampleRate = recording.features.timing.sampleRate
    }

    /// The utterance timing as heard in the recording.
    func recorded(_ utterance: Utterance) -> UtteranceTiming {
        var timing = utterance.reference
        timing.startSample = utterance.span.samples.lowerBound
        timing.endSample = utterance.span.samples.upperBound
        for index in timing.words.indices where index < utterance.span.words.count {
            timing.words[index].startSample = utterance.span.words[index].lowerBound
            timing.words[index].endSample = utterance.span.words[index].upperBound
        }
        return timing
    }

    /// The recording before the first utterance found.
    var head: Range<Int> { 0..<(utterances.first { $0.isAligned }?.span.samples.lowerBound ?? 0) }

    /// The recording after the last utterance found.
    var tail: Range<Int> {
        let end = utterances.last { $0.isAligned }?.span.samples.upperBound ?? recordingSamples
        return min(end, recordingSamples)..<recordingSamples
    }

    /// Runs of consecutive utterances with words that were not found.
    var missing: [Range<Int>] {
        var runs: [Range<Int>] = []
        for (index, utterance) in utterances.enumerated() where !utterance.isAligned && !utterance.reference.words.isEmpty {
            if let last = runs.last, last.upperBound == index { runs[runs.count - 1] = last.lowerBound..<(index + 1) } else {
                runs.append(index..<(index + 1))
            }
        }
        return runs
    }
}
