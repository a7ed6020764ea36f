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
    /// The recording's loudness, for telling sound from silence.
    let snapper: OnsetSnapper
    /// ``SpanMapper/matchToChance(_:unrelated:)``: near 0 when the
    /// recording is clearly the reference's kind of voice saying the text;
    /// near 1 when its match is no better than chance.
    let matchToChance: Double?
    /// Where each part of the recording warped on its own begins (files,
    /// and chapter marks near a page's beginning), in samples, the first 0.
    let partStarts: [Int]

    /// Aligns the two signals' features and maps every utterance.
    /// - Throws: ``Failure`` when either signal is empty.
    /// - Parameter audible: where the recording's sound is (its quiet ends are left out).
    init(reference: ReferenceSpeech, recording: Recording, audible: AudibleStretch, folder: WorkFolder) throws {
        let path: WarpingPath
        let firstUtterances: [Int]
        let heard: Range<Int>
        let sound: RenormalizedFrames
        let timing = recording.features.timing
        let starts = reference.spans.map { timing.frame(ofSample: $0.samples.lowerBound) }
        do {
            let warping = MultiResolutionDTW(weights: MultiResolutionDTW.mfccWeights)
            heard = audible.within(0..<recording.mfcc.count)
            sound = try RenormalizedFrames(recording.mfcc, over: heard)
            snapper = OnsetSnapper(loudness: recording.features.loudness, timing: timing, sound: heard)
            let whole = try warping.path(
                reference: reference.mfcc, recording: sound, columns: heard, scratch: folder.path, sentenceStarts: starts)
            let parts = recording.partStarts
            var anchors = FileAnchors(
                fileColumns: parts.map(timing.frame(ofSample:)), utteranceRows: starts,
                beginsPage: reference.utterances.indices.map { $0 == 0 || reference.utterances[$0 - 1].position.page != reference.utterances[$0].position.page })
            anchors.chapterMarks = Set(parts.indices.filter { !recording.fileStarts.contains(parts[$0]) })
            anchors.audible = audible
            let firsts = anchors.firstUtterances(along: whole)
            path = try anchors.path(
                reference: reference.mfcc, recording: sound, whole: whole, firsts: firsts, warping: warping, scratch: folder.path)
            partStarts = zip(parts, firsts).compactMap { $1 == nil ? nil : $0 }
            firstUtterances = firsts.compactMap { $0 }
        } catch { throw Failure(nil, error.description) }
        let mapper = SpanMapper(path: path, timing: timing, recordingSamples: recording.features.sampleCount)
        let unrelated: [Double]
        do {
            unrelated = try UnrelatedCost(weights: MultiResolutionDTW.mfccWeights, timing: recording.features.timing)
                .costs(of: reference.spans, reference: reference.mfcc, recording: FrameSlice(sound, heard))
        } catch { throw Failure(nil, error.description) }
        matchToChance = mapper.matchToChance(reference.spans, unrelated: unrelated)
        let mapped = mapper.map(reference.spans, unrelated: unrelated).map(snapper.snappedStart)
        let spans = PartOpenings(snapper: snapper).corrected(mapped, reference: reference.spans, firsts: firstUtterances)
            .map { $0.wordsInOrder(minimum: timing.hop) }
        utterances = zip(reference.utterances, spans).map { Utterance(reference: $0, span: $1) }
        recordingSamples = recording.features.sampleCount
        sampleRate = recording.features.timing.sampleRate
    }

    /// The pace of the sentences found against the reference (``SentencePaces``).
    var paces: SentencePaces {
        SentencePaces(
            utterances.filter(\.isAligned).map {
                SentencePaces.Sentence(heard: $0.span.samples, said: $0.reference.startSample..<max($0.reference.endSample, $0.reference.startSample))
            })
    }

    /// Whether an utterance with words was not found in the recording.
    var missesSentences: Bool { utterances.contains { !$0.isAligned && !$0.reference.words.isEmpty } }

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

    /// What one part of the recording (a file, or a chapter of one) holds
    /// that the text does not: the sound before its first utterance found
    /// and after its last (in the whole part when none of the text is found
    /// in it); silence at either end of a stretch is not counted.
    struct Unmatched {
        /// Where the part begins, in samples of the whole recording.
        var start: Int
        var head: Range<Int>
        var tail: Range<Int>
        /// None of the text was found in the part: ``head`` and ``tail`` are both its sound.
        var isWhole = false
    }

    /// Each part's unmatched head and tail (``partStarts``).
    func unmatched() -> [Unmatched] {
        let found = utterances.filter(\.isAligned).map(\.span.samples)
        return partStarts.indices.map { part in
            let start = partStarts[part]
            let end = max(part + 1 < partStarts.count ? partStarts[part + 1] : recordingSamples, start)
            let inside = found.filter { start <= $0.lowerBound && $0.lowerBound < end }
            guard let first = inside.first, let last = inside.last else {
                let sound = snapper.sounded(start..<end)
                return Unmatched(start: start, head: sound, tail: sound, isWhole: true)
            }
            return Unmatched(
                start: start, head: snapper.sounded(start..<max(first.lowerBound, start)),
                tail: snapper.sounded(min(last.upperBound, end)..<end))
        }
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
