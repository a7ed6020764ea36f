import Alignment
import Glibc
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
        let mapped = mapper.map(reference.spans, unrelated: unrelated).map(snapper.snappedStart)
        let spans = PartOpenings(snapper: snapper).corrected(mapped, reference: reference.spans, firsts: firstUtterances)
            .map { $0.wordsInOrder(minimum: timing.hop) }
        utterances = zip(reference.utterances, spans).map { Utterance(reference: $0, span: $1) }
        recordingSamples = recording.features.sampleCount
        sampleRate = recording.features.timing.sampleRate
    }

    /// How much longer the recording takes than the reference to say the
    /// same sentences: the sentences found, their lengths summed on either
    /// side (above 1 for a slower reading); nil when fewer than two were found.
    var pace: Double? {
        let found = utterances.filter { $0.isAligned && $0.reference.endSample > $0.reference.startSample }
        guard found.count >= 2 else { return nil }
        let heard = found.reduce(0) { $0 + $1.span.samples.count }
        let said = found.reduce(0) { $0 + $1.reference.endSample - $1.reference.startSample }
        return said > 0 && heard > 0 ? Double(heard) / Double(said) : nil
    }

    /// The pace from the first sentence found to the last: the recording's
    /// stretch between them over the reference's (nil when fewer than two
    /// were found). Unlike ``pace``, not misled by a sentence not found
    /// whose time a neighbour has taken, though a sentence the recording
    /// lacks counts as read fast.
    var extentPace: Double? {
        let found = utterances.filter { $0.isAligned && $0.reference.endSample > $0.reference.startSample }
        guard let first = found.first, let last = found.last, found.count >= 2 else { return nil }
        let heard = last.span.samples.upperBound - first.span.samples.lowerBound
        let said = last.reference.endSample - first.reference.startSample
        return said > 0 && heard > 0 ? Double(heard) / Double(said) : nil
    }

    /// How far the sentences found differ in pace: the spread (standard
    /// deviation) of the logarithm of each one's length in the recording
    /// over its length in the reference, weighted by the latter; nil when
    /// fewer than two were found. A reading keeps a steady pace, so a
    /// sentence placed over a neighbour's time, or squeezed out of its
    /// own, stands out. Measured on the suite's readings (2026-12-04):
    /// 0.05 for a reading with two sentences cut, aligned right, 0.16 for
    /// the same aligned against a reference at the wrong pace; 0.22 for a
    /// reading at 1.5× with three sentences merged into neighbours, 0.09
    /// once the reference is spoken at its pace.
    var paceSpread: Double? {
        let found = utterances.filter { $0.isAligned && $0.reference.endSample > $0.reference.startSample && !$0.span.samples.isEmpty }
        guard found.count >= 2 else { return nil }
        var logs: [Double] = [], weights: [Double] = []
        for utterance in found {
            let said = Double(utterance.reference.endSample - utterance.reference.startSample)
            logs.append(Glibc.log(Double(utterance.span.samples.count) / said))
            weights.append(said)
        }
        let total = weights.reduce(0, +)
        let mean = zip(logs, weights).reduce(0.0) { $0 + $1.0 * $1.1 } / total
        let variance = zip(logs, weights).reduce(0.0) { $0 + ($1.0 - mean) * ($1.0 - mean) * $1.1 } / total
        return variance.squareRoot()
    }

    /// How many utterances with words were found in the recording.
    var foundCount: Int { utterances.count(where: { $0.isAligned && !$0.reference.words.isEmpty }) }

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
